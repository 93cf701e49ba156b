import { useEffect } from "react";
import { EARLY_PRESSES_GLOBAL } from "#shared/early-presses.ts";

/** What the head script leaves under that name: the buttons pressed, in order, and its listener. */
type EarlyPresses = { pressed: Element[]; listener: (event: Event) => void };

/**
 * The buttons of a rendered page pressed before the app's code had come (the head script keeps them:
 * src/shared/head-script.ts), taken as hydration starts. From then on React answers a press itself,
 * hydrating at once what was pressed, so the head script's listener goes now, or a press would count
 * twice.
 */
export function takeEarlyPresses(): Element[] {
  const early = (self as unknown as Record<string, EarlyPresses | undefined>)[EARLY_PRESSES_GLOBAL];
  if (!early) return [];
  removeEventListener("click", early.listener, true);
  return early.pressed;
}

/**
 * Presses each button pressed early, in order, once the page has hydrated (its effect runs after
 * hydration's commit): a tap on Book now while the code was on its way does what it would have done.
 * A button gone meanwhile is passed over. Renders nothing, so the server's HTML is unchanged.
 */
export function CarryOutEarlyPresses({ pressed }: { pressed: Element[] }) {
  useEffect(() => {
    // Emptied as it goes: an effect run twice (StrictMode in development) presses nothing twice.
    for (const button of pressed.splice(0)) {
      if (button instanceof HTMLElement && button.isConnected) button.click();
    }
  }, [pressed]);
  return null;
}
