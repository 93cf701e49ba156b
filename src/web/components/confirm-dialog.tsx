import { useId } from "react";
import { Modal } from "./modal.tsx";
import { PendingButton } from "./pending-button.tsx";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** The question, e.g. MSG.listing.confirmDelete. */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is running: the confirm button waits and cannot be pressed twice. */
  isPending?: boolean;
};

/** Asks before something that cannot be undone. Focus starts on Cancel, the safe answer. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  isPending = false,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Modal open={open} onClose={onCancel} title={title} describedBy={messageId}>
      <p id={messageId}>{message}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onCancel} data-autofocus>
          Cancel
        </button>
        <PendingButton type="button" className="btn btn-error" onClick={onConfirm} pending={isPending}>
          {confirmLabel}
        </PendingButton>
      </div>
    </Modal>
  );
}
