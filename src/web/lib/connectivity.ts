import { useSyncExternalStore } from "react";

/**
 * Whether MotoHaat's API can be reached, as the last calls found: a call that got no answer (the
 * network failed, or a gateway said the server is away) sets it; any answer from our server clears
 * it. The browser's own online/offline events are only a hint (see NetworkBanner): a phone can be
 * "online" on a network that reaches nothing.
 */
let unreachable = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  // On the server (a page rendered there) this module is shared by every visitor: nothing is kept.
  if (unreachable === next || typeof window === "undefined") return;
  unreachable = next;
  for (const listener of listeners) listener();
}

export const reportUnreachable = () => set(true);
export const reportReachable = () => set(false);
export const isApiUnreachable = () => unreachable;

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the API cannot be reached; the component re-renders when that changes. */
export function useApiUnreachable(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isApiUnreachable, isApiUnreachable);
}
