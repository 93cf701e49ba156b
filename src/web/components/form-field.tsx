import type { ReactNode } from "react";
import { useSay } from "#web/lib/i18n.tsx";

/** Attributes that tie an input to its label and its error message. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
};

type FormFieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  /** Helper text under the input, e.g. the password rule. */
  hint?: string;
  children: (control: FieldControlProps) => ReactNode;
  /** Bold, for an answer from the server that blocks the form (e.g. wrong email or password). */
  strongError?: boolean;
};

/**
 * A visible label, the input and its message. The message is announced (role="alert") when it
 * appears and stays linked to the input through aria-describedby, so it is read again on focus.
 */
export function FormField({ id, label, error, hint, children, strongError = false }: FormFieldProps) {
  // A schema's message is made in English (the server shares the schema): said in the page's language.
  const say = useSay();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={errorId}
          role="alert"
          className={`text-sm text-error ${strongError ? "font-bold" : "font-medium"}`}
        >
          {say(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The message of the whole form rather than of one field (nothing to change, a refusal that names no
 * field), above its button; announced when it appears. Nothing while there is none.
 */
export function FormError({ message }: { message: string | null | undefined }) {
  const say = useSay();
  return message ? (
    <p role="alert" className="text-sm font-medium text-error">
      {say(message)}
    </p>
  ) : null;
}
