import { useSay } from "#web/lib/i18n.tsx";

/**
 * One field's message where the field lays itself out (a composer, an inline form): announced when
 * it appears; `id` is what the input's aria-describedby names. Nothing while there is none.
 */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  // A schema's message is made in English (the server shares the schema): said in the page's language.
  const say = useSay();
  return message ? (
    <p id={id} role="alert" className="text-sm text-error">
      {say(message)}
    </p>
  ) : null;
}
