import { type FormEvent, useId, useState } from "react";
import { errorMessage } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
import { FieldError } from "./field-error.tsx";
import { Modal } from "./modal.tsx";
import { PendingButton } from "./pending-button.tsx";

type TextDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The textarea's visible label. */
  label: string;
  /** A sentence under the label that says what to write; read when the dialog opens. */
  hint?: string;
  rows: number;
  maxLength: number;
  submitLabel: string;
  /** "danger" (red) for what accuses or takes away, such as a report. */
  tone?: "primary" | "danger";
  pending: boolean;
  /** The trimmed text's problem to show (empty, too long), or null when it may be sent. */
  validate: (text: string) => string | null;
  /**
   * Sends the trimmed text. A resolved promise clears the field (the caller closes or moves on);
   * a rejected one keeps the text and shows the error, so the person can correct and resend.
   */
  onSubmit: (text: string) => Promise<unknown>;
};

/**
 * A dialog that asks for one piece of writing: the first message to a seller, a report's reason.
 * The rules are checked here before anything is sent, and the server checks them again.
 */
export function TextDialog({
  open,
  onClose,
  title,
  label,
  hint,
  rows,
  maxLength,
  submitLabel,
  tone = "primary",
  pending,
  validate,
  onSubmit,
}: TextDialogProps) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.common;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    const problem = validate(value);
    setError(problem);
    if (problem) return;
    // The promise rather than a mutation's callbacks: they are skipped when the caller's component
    // unmounts first (see message-seller-button.tsx).
    onSubmit(value).then(
      () => setText(""),
      (err: unknown) => setError(errorMessage(err)),
    );
  };
  return (
    <Modal open={open} onClose={onClose} title={title} describedBy={hint ? hintId : undefined}>
      <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
        <label htmlFor={fieldId} className="text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-sm text-base-content/70">
            {hint}
          </p>
        ) : null}
        <textarea
          id={fieldId}
          className="textarea textarea-bordered w-full"
          rows={rows}
          maxLength={maxLength}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-autofocus
        />
        <FieldError id={errorId} message={error} />
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {T.cancel}
          </button>
          <PendingButton
            type="submit"
            className={`btn ${tone === "danger" ? "btn-error" : "btn-primary"}`}
            pending={pending}
          >
            {submitLabel}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}
