import { X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, type SyntheticEvent, useEffect, useId, useRef } from "react";
import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";

type ModalProps = {
  open: boolean;
  /** Called for Escape, the close button and a click on the backdrop; the owner sets `open` false. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /**
   * Element id of a sentence that says what the dialog is for, read when it opens. Mark the control
   * that should take focus first with `data-autofocus`.
   */
  describedBy?: string;
};

const FOCUSABLE =
  "a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex='-1'])";

/**
 * The page behind is inert already, but Tab from the last control would leave for the browser's
 * own toolbar; wrap it round to the first control instead (and Shift+Tab the other way).
 */
function keepFocusInside(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== "Tab") return;
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * Opens the native <dialog> behind `ref` as a modal while `open` holds (the rest of the page inert),
 * focusing its `[data-autofocus]` control, and closes it again, focus back on whatever opened it.
 * `close` calls the latest `onClose` (the owner sets `open` false); `onCancel` is the dialog's own
 * (Escape, a phone's Back): it leaves the closing to React state, so `open` and the element never
 * disagree.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // showModal() focuses the first control (Close); a form would rather start at its first field.
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // Browsers differ in where focus lands after close(); put it back on the opener ourselves.
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
  const close = () => onCloseRef.current();
  const onCancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault();
    close();
  };
  return { ref, close, onCancel };
}

/**
 * A modal built on the native <dialog>: `showModal()` makes the rest of the page inert (so focus
 * stays inside), Escape fires `cancel`, and focus goes back to whatever opened it when it closes.
 */
export function Modal({ open, onClose, title, children, describedBy }: ModalProps) {
  const { ref, close, onCancel } = useModalDialog(open, onClose);
  const titleId = useId();
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.common;

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onKeyDown={keepFocusInside}
      onCancel={onCancel}
    >
      {open ? (
        <div className="modal-box max-h-[90dvh] w-full max-w-lg">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold">
              {title}
            </h2>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square -mt-1 -mr-2"
              aria-label={T.close}
              onClick={close}
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          {children}
        </div>
      ) : null}
      {/* A click outside the box closes it, as people expect; keyboard users have Escape and Close. */}
      <div className="modal-backdrop" aria-hidden="true" onClick={close} />
    </dialog>
  );
}
