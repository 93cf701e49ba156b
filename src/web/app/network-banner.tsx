import { useQueryClient } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { MSG } from "#shared/messages.ts";
import { PendingButton } from "#web/components/pending-button.tsx";
import { api } from "#web/lib/api-client.ts";
import { isApiUnreachable, reportUnreachable, useApiUnreachable } from "#web/lib/connectivity.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";

/** 1 s, 2 s, 4 s… between checks, never more than 30 s: the queries' own back-off. */
export const checkDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** A cheap call that succeeds only when the server and its database answer. */
const HEALTH = "/api/health";

/**
 * While MotoHaat's API cannot be reached: a bar at the bottom of every page (fixed, so nothing
 * moves) that says so, checks again by itself with back-off and on _Try again_, and once the API
 * answers (here or in any other call) refetches every query that failed meanwhile, the session
 * first among them: a guarded page that was waiting opens where the person asked.
 */
export function NetworkBanner() {
  const unreachable = useApiUnreachable();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const checkNow = useRef<(() => void) | null>(null);
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.layout;
  const msg = useTexts(MSG);

  useEffect(() => {
    if (!unreachable) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const check = async () => {
      clearTimeout(timer);
      setChecking(true);
      try {
        await api(HEALTH);
      } catch {
        // Still away (api() keeps the flag set), or the server answered with an error (cleared).
      }
      if (stopped) return;
      setChecking(false);
      if (isApiUnreachable()) timer = setTimeout(() => void check(), checkDelay(attempt++));
    };
    checkNow.current = () => void check();
    timer = setTimeout(() => void check(), checkDelay(attempt++));
    return () => {
      stopped = true;
      clearTimeout(timer);
      checkNow.current = null;
      setChecking(false);
    };
  }, [unreachable]);

  const wasUnreachable = useRef(unreachable);
  useEffect(() => {
    if (wasUnreachable.current && !unreachable) {
      void queryClient.refetchQueries({ type: "active", predicate: (q) => q.state.status === "error" });
    }
    wasUnreachable.current = unreachable;
  }, [unreachable, queryClient]);

  // The browser's word is a hint only: "offline" raises the banner at once, "online" checks now.
  useEffect(() => {
    const online = () => checkNow.current?.();
    if (!navigator.onLine) reportUnreachable();
    window.addEventListener("offline", reportUnreachable);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", reportUnreachable);
      window.removeEventListener("online", online);
    };
  }, []);

  if (!unreachable) return null;
  return (
    <div role="alert" className="fixed inset-x-0 bottom-0 z-40 p-2 sm:p-4">
      <div className="alert alert-warning mx-auto flex max-w-3xl flex-wrap justify-between gap-3 shadow-lg">
        <span className="flex items-center gap-2">
          <WifiOff className="size-5 shrink-0" aria-hidden="true" />
          {msg.network.banner}
        </span>
        <PendingButton
          type="button"
          pending={checking}
          spinnerSize="xs"
          className="btn btn-sm"
          onClick={() => checkNow.current?.()}
        >
          {T.networkTryAgain}
        </PendingButton>
      </div>
    </div>
  );
}
