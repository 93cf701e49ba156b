/**
 * One field's message where the field lays itself out (a composer, an inline form): announced when
 * it appears; `id` is what the input's aria-describedby names. Nothing while there is none.
 */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} role="alert" className="text-sm text-error">
      {message}
    </p>
  ) : null;
}
