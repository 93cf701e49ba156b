import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useSession } from "#web/lib/session.ts";

/** The server's event stream of the signed-in person (src/server/plugins/live-stream.ts). */
export const EVENTS_URL = "/api/events";

const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** What each event refreshes: the tables are the truth, an event only says what to read again. */
function refresh(client: QueryClient, event: string) {
  if (event === "message" || event === "conversation" || event === "reset") {
    void client.invalidateQueries({ queryKey: queryKeys.conversations.all });
  }
  // A conversation read in another tab marked its notifications read too: the bell follows.
  if (event === "notification" || event === "conversation" || event === "reset") {
    void client.invalidateQueries({ queryKey: queryKeys.notifications.all });
  }
}

/**
 * Keeps one event stream open per tab while the person is signed in and the tab is visible. A hidden
 * tab closes its stream: browsers allow six connections per site over HTTP/1.1, and six open tabs
 * each holding a stream would leave none for the pages' own requests. A tab coming back (or opening
 * again after an error) refetches what the stream carries, since it heard nothing meanwhile; the
 * browser's own reconnect after a dropped connection sends Last-Event-ID and gets the rest replayed.
 */
export function useLiveEvents(): void {
  const { user } = useSession();
  const client = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let opened = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_FIRST_MS;

    const start = () => {
      if (source || document.visibilityState !== "visible") return;
      clearTimeout(retryTimer);
      source = new EventSource(EVENTS_URL);
      // A dropped connection is retried by the browser itself; an answer that is not a stream (a
      // node restarting answers 503) closes the EventSource for good, so it is opened again here.
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source = undefined;
        retryTimer = setTimeout(start, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      });
      source.addEventListener("ready", () => {
        retryMs = RETRY_FIRST_MS;
        // Not the first open: the tab was away or the connection dropped, and may have missed things.
        if (opened) refresh(client, "reset");
        opened = true;
      });
      for (const event of ["message", "conversation", "notification", "reset"]) {
        source.addEventListener(event, () => refresh(client, event));
      }
    };
    const stop = () => {
      clearTimeout(retryTimer);
      source?.close();
      source = undefined;
    };
    const onVisibility = () => (document.visibilityState === "visible" ? start() : stop());

    start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      stop();
    };
  }, [userId, client]);
}

/** Mounted once in the layout: renders nothing. */
export function LiveEvents() {
  useLiveEvents();
  return null;
}
