import { X } from "lucide-react";
import { createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

type SideDrawerProps = {
  /** What the small-screen button shows (icon and a word). */
  buttonContent: ReactNode;
  /** The button's accessible name, where its visible word alone would be vague. */
  buttonLabel?: string;
  /** Names the drawer's close button (small screens). */
  closeLabel: string;
  /** Beside the close button at the drawer's top on small screens: what the drawer holds. */
  title?: string;
  /** The drawer's own content: a menu, a filter. */
  panel: ReactNode;
  /** Kept in view at the drawer's bottom, below a long panel: actions such as "Show 8 bikes". */
  footer?: (close: () => void) => ReactNode;
  /**
   * The page places the small-screen open button itself, with `<DrawerButton />`, beside its own
   * controls (a phone has no room for a row of its own); otherwise it sits above the page.
   */
  buttonInPage?: boolean;
  /** The page beside the drawer. */
  children: ReactNode;
};

const DrawerButtonContext = createContext<ReactNode>(null);

/** The drawer's open button (small screens only), where a page with `buttonInPage` wants it. */
export function DrawerButton() {
  return useContext(DrawerButtonContext);
}

const FOCUSABLE = "a[href], button:not(:disabled), select:not(:disabled), input:not(:disabled)";

/**
 * A side panel beside the page: always open on large screens; on small ones a button slides it over
 * the page, focus moves into it, and Escape, the backdrop or a navigation closes it.
 */
export function SideDrawer({
  buttonContent,
  buttonLabel,
  closeLabel,
  title,
  panel,
  footer,
  buttonInPage = false,
  children,
}: SideDrawerProps) {
  const [open, setOpen] = useState(false);
  const toggleId = useId();
  const panelId = useId();
  const openButtonRef = useRef<HTMLButtonElement>(null);
  /** The panel's own content: focus goes to its first control, past the close button. */
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not an input.
  useEffect(() => setOpen(false), [location.pathname]);

  /** Closed by a control inside it: focus goes back to the button that opened it. */
  function close() {
    setOpen(false);
    openButtonRef.current?.focus();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: close only sets state and moves focus.
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
      close();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const openButton = (
    <button
      ref={openButtonRef}
      type="button"
      className={`btn btn-outline btn-sm lg:hidden ${buttonInPage ? "" : "mb-3 sm:mb-4"}`}
      aria-label={buttonLabel}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => setOpen((v) => !v)}
    >
      {buttonContent}
    </button>
  );

  return (
    // The columns are fixed on large screens, not sized by the panel: the server's HTML arrives in
    // pieces, and the page (before the panel in it) would otherwise be laid out full width first,
    // then pushed right when the panel arrives.
    <div className="drawer lg:drawer-open lg:grid-cols-[16rem_minmax(0,1fr)]">
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
      <div className="drawer-content min-h-[60vh] min-w-0 px-4 py-3 sm:px-6 sm:py-6 lg:col-start-2 lg:row-start-1 lg:px-8">
        {buttonInPage ? null : openButton}
        <DrawerButtonContext value={buttonInPage ? openButton : null}>{children}</DrawerButtonContext>
      </div>
      {/* On large screens it sticks below the top bar, under it: daisyUI's drawer-open sets top 0
          with a stronger selector (hence top-16!), and z-40 would paint it over the bar's logo. */}
      <div className="drawer-side z-40 lg:top-16! lg:z-20 lg:h-[calc(100dvh-4rem)]">
        {/* A tap beside the drawer closes it; the close button inside says so to everyone else. On
            large screens the drawer is part of the page and the backdrop would only take room. */}
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className="drawer-overlay lg:hidden"
          onClick={() => setOpen(false)}
        />
        <div id={panelId} className="flex min-h-full w-64 flex-col border-r border-base-300 bg-base-200">
          <div className="flex items-center justify-between gap-2 px-4 pt-3 lg:hidden">
            <p className="font-semibold">{title}</p>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square"
              aria-label={closeLabel}
              title={closeLabel}
              onClick={close}
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          <div ref={panelRef}>{panel}</div>
          {footer ? (
            // At the bottom of a phone's drawer, right below the panel on a large screen; in view
            // whenever the panel is taller than the screen.
            <div className="sticky bottom-0 mt-auto border-t border-base-300 bg-base-200 px-4 py-3 lg:mt-0">
              {footer(close)}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
