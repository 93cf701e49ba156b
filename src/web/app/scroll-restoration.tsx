import { type Location, ScrollRestoration } from "react-router";

const STORAGE_KEY = "motohaat-scroll-positions";

/**
 * React Router keys each history entry's scroll position by `location.key`, but the first entry of
 * every document in a tab has the same key, "default": a page opened fresh (typed, a bookmark, a
 * shared link) was given the position of whichever page was last opened fresh in that tab, half-way
 * down. Those entries are keyed by their address instead; other entries keep their own key, so Back
 * and Forward still return to where the person was.
 */
function scrollKey(location: Pick<Location, "key" | "pathname" | "search">): string {
  return location.key === "default" ? `${location.pathname}${location.search}` : location.key;
}

/**
 * A page opened fresh starts at the top even when its address was opened before in this tab: its
 * old position is forgotten. A reload or Back/Forward into this document keeps it, as browsers do.
 */
function forgetOnFreshVisit() {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (entry?.type !== "navigate") return;
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
    delete saved[
      scrollKey({ key: "default", pathname: window.location.pathname, search: window.location.search })
    ];
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage refused or unreadable: nothing is restored from it either.
  }
}

if (typeof window !== "undefined") forgetOnFreshVisit();

/** React Router's scroll restoration with keys that tell a fresh visit from a return. */
export function PageScroll() {
  return <ScrollRestoration getKey={scrollKey} storageKey={STORAGE_KEY} />;
}
