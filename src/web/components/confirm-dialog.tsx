import { useId } from "react";
import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
import { Modal } from "./modal.tsx";
import { PendingButton } from "./pending-button.tsx";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** The question, e.g. MSG.listing.confirmDelete. */
  message: string;
  confirmLabel: string;
  /** The safe answer's label, when "Cancel" would read like the action itself (Cancel booking). */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is running: the confirm button waits and cannot be pressed twice. */
  isPending?: boolean;
  /** "danger" (red) for what destroys or takes away; "primary" for a step that adds, such as verifying. */
  tone?: "danger" | "primary";
};

/** Asks before something that cannot be undone or matters to others. Focus starts on Cancel, the safe answer. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  isPending = false,
  tone = "danger",
}: ConfirmDialogProps) {
  const messageId = useId();
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.common;
  return (
    <Modal open={open} onClose={onCancel} title={title} describedBy={messageId}>
      <p id={messageId}>{message}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onCancel} data-autofocus>
          {cancelLabel ?? T.cancel}
        </button>
        <PendingButton
          type="button"
          className={`btn ${tone === "danger" ? "btn-error" : "btn-primary"}`}
          onClick={onConfirm}
          pending={isPending}
        >
          {confirmLabel}
        </PendingButton>
      </div>
    </Modal>
  );
}
