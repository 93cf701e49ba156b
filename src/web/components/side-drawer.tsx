import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

type SideDrawerProps = {
  /** What the small-screen button shows (icon and a word). */
  buttonContent: ReactNode;
  /** The button's accessible name, where its visible word alone would be vague. */
  buttonLabel?: string;
  /** Names the backdrop that closes the drawer on a tap. */
  closeLabel: string;
  /** The drawer's own content: a menu, a filter. */
  panel: ReactNode;
  /** The page beside the drawer. */
  children: ReactNode;
};

const FOCUSABLE = "a[href], button:not(:disabled), select:not(:disabled), input:not(:disabled)";

/**
 * A side panel beside the page: always open on large screens; on small ones a button slides it over
 * the page, focus moves into it, and Escape, the backdrop or a navigation closes it.
 */
export function SideDrawer({ buttonContent, buttonLabel, closeLabel, panel, children }: SideDrawerProps) {
  const [open, setOpen] = useState(false);
  const toggleId = useId();
  const panelId = useId();
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not an input.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    // daisyUI keeps the drawer `visibility: hidden` until its slide-in has begun, and a hidden
    // control cannot take focus: try once a frame until it takes it (for a second at most).
    let frames = 0;
    let frame = 0;
    const focusFirst = () => {
      const first = panelRef.current?.querySelector<HTMLElement>(FOCUSABLE);
      first?.focus();
      if (first && document.activeElement !== first && frames++ < 60) {
        frame = requestAnimationFrame(focusFirst);
      }
    };
    focusFirst();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      openButtonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="drawer lg:drawer-open">
      {/* daisyUI drives the drawer from this checkbox; the button below is the control people use. */}
      <input
        id={toggleId}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(e) => setOpen(e.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content min-h-[60vh] min-w-0 px-4 py-6 sm:px-6 lg:px-8">
        <button
          ref={openButtonRef}
          type="button"
          className="btn btn-outline btn-sm mb-4 lg:hidden"
          aria-label={buttonLabel}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
        >
          {buttonContent}
        </button>
        {children}
      </div>
      <div className="drawer-side z-40 lg:top-16 lg:h-[calc(100dvh-4rem)]">
        {/* Out of the tab order: keyboard users close the drawer with Escape or the open button. Not
            drawn on large screens, where it took a line of room above the open drawer's panel. */}
        <button
          type="button"
          tabIndex={-1}
          aria-label={closeLabel}
          className="drawer-overlay lg:hidden"
          onClick={() => setOpen(false)}
        />
        <div id={panelId} ref={panelRef} className="min-h-full w-64 border-r border-base-300 bg-base-200">
          {panel}
        </div>
      </div>
    </div>
  );
}
