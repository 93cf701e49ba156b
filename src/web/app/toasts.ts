import type { DataRouter } from "react-router";
import { type Id, toast } from "#web/lib/toast.ts";

/** How long a toast stays (desktop and phone alike); how many show at once (the rest wait their turn). */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_LIMIT = 2;

/**
 * Toasts belong to the page they were shown on and leave when another page opens, so a phone's
 * screen is not left covered by news about a page the person has left.
 *
 * A toast raised just before a navigation ("you have signed up" → home, "please sign in first" →
 * sign-in) announces the move: it belongs to the page being opened. So a toast's page is decided a
 * moment after it is raised (after the task that raised it, which has begun any navigation by then):
 * the page a pending navigation is opening, else the page on screen.
 */
export function clearToastsOnPageChange(router: Pick<DataRouter, "state" | "subscribe">): () => void {
  const pageOf = new Map<Id, string>();
  const unwatchToasts = toast.onChange((item) => {
    if (item.status === "removed") {
      pageOf.delete(item.id);
      return;
    }
    if (item.status !== "added") return;
    setTimeout(() => {
      if (!toast.isActive(item.id)) return;
      const { navigation, location } = router.state;
      pageOf.set(item.id, (navigation.location ?? location).pathname);
    }, 0);
  });
  // A change of path is another page; a hash or a query (a filter) on the same path is not.
  const unwatchRouter = router.subscribe((state) => {
    if (state.navigation.state !== "idle") return;
    for (const [id, page] of pageOf) {
      if (page !== state.location.pathname) {
        pageOf.delete(id);
        toast.dismiss(id);
      }
    }
  });
  return () => {
    unwatchToasts();
    unwatchRouter();
  };
}
