import type { ComponentProps, ReactNode } from "react";

type PendingButtonProps = Omit<ComponentProps<"button">, "type"> & {
  type: "submit" | "button";
  /** Its action is running: a spinner shows and the button cannot be pressed twice. */
  pending: boolean;
  /** `xs` on a small (`btn-sm`) button. */
  spinnerSize?: "xs" | "sm";
  /** Shown where the spinner goes while nothing runs, e.g. the action's icon. */
  icon?: ReactNode;
  /** The label while pending, where it says more than the spinner ("Loading more…"). */
  pendingLabel?: ReactNode;
};

// Whole class names, so Tailwind finds them in the source.
const spinnerSizes = { xs: "loading-xs", sm: "loading-sm" } as const;

/** A button whose action takes a moment: every form's submit and every button that calls the API. */
export function PendingButton({
  type,
  pending,
  spinnerSize = "sm",
  icon = null,
  pendingLabel,
  disabled = false,
  children,
  ...props
}: PendingButtonProps) {
  return (
    <button type={type} {...props} disabled={pending || disabled}>
      {pending ? (
        <span className={`loading loading-spinner ${spinnerSizes[spinnerSize]}`} aria-hidden="true" />
      ) : (
        icon
      )}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
