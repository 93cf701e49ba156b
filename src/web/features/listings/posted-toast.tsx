import type { MouseEvent } from "react";
import { MSG } from "#shared/messages.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { type Id, toast } from "#web/lib/toast.ts";

type PostedToastProps = {
  toastId: Id;
  /** The new bike's page. */
  href: string;
  /** Opens it in the app (the toast is drawn outside the router, so it gets the way in from its page). */
  open: (href: string) => void;
};

/**
 * "Your product is posted" with a real link to the new bike's page: reachable by keyboard (Alt+T
 * moves focus into the toasts, then Tab), and the toast waits while the link has focus so it does
 * not vanish under a keyboard or screen-reader user.
 */
export function PostedToast({ toastId, href, open }: PostedToastProps) {
  const msg = useTexts(MSG);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (Ctrl, Cmd, Shift, middle button) is the browser's own to open.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    toast.dismiss(toastId);
    open(href);
  };
  return (
    <p>
      <span>{msg.listing.posted}</span>{" "}
      <a
        href={href}
        className="link font-semibold"
        onClick={onClick}
        onFocus={() => toast.pause({ id: toastId })}
        onBlur={() => toast.play({ id: toastId })}
      >
        {msg.listing.viewPosted}
      </a>
    </p>
  );
}
