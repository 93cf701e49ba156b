import { createContext, type ReactNode, useContext } from "react";

/** The bike a card's corner is about. */
export type CornerBike = { id: string; model: string };

/**
 * What the app lays over the top-right corner of every bike card in the market (the saved-bikes
 * heart). A context, not a prop, because the market's lists live in the listings feature and the
 * heart in the saved feature, which do not import each other: `src/web/app/app-providers.tsx`
 * provides it. None (tests, a page outside the app): no corner.
 */
export const CardCornerContext = createContext<((bike: CornerBike) => ReactNode) | null>(null);

/** The corner for this bike, or null. */
export function useCardCorner(bike: CornerBike): ReactNode {
  const render = useContext(CardCornerContext);
  return render ? render(bike) : null;
}
