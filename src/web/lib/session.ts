import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from "react";
import type { MeResponse, Role, User } from "#shared/schemas/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { api, isUnreachable } from "./api-client.ts";

/** The signed-in user as the server sees it. Role and identity always come from here, never from storage. */
const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.me,
    queryFn: ({ signal }) => api<MeResponse>("/api/auth/me", { signal }),
    staleTime: 60_000,
  });

type Session = {
  user: User | null;
  /**
   * Not known yet: the first answer is on its way, or the API could not be reached at all. No answer
   * says nothing about being signed in: until the server answers, the person is neither signed in
   * nor signed out (guards wait, the banner retries), never sent to sign in.
   */
  isLoading: boolean;
  role: Role | null;
  /**
   * Why the session is not known, once its retries are spent. Unreachable: still loading (the banner
   * refetches it on recovery). Any other failure (the server answered 500, 429…): not loading, shown
   * as signed out to public pages (the top bar offers Sign In, the home page its buyer's parts),
   * while guarded pages show the error with Try again rather than send anyone to sign in.
   */
  error: Error | null;
  retry: () => unknown;
};

const FreshSession = createContext<Session | null>(null);
const ShownSession = createContext<Session | null>(null);
/** Said by every reader as it mounts: see SessionProvider. */
const ReaderMounted = createContext<(() => void) | null>(null);

/**
 * The app's one subscription to the session (src/web/app/app-providers.tsx), given twice: as it is
 * (`useSession`) and as drawn (`useShownSession`), which follows it in a deferred render.
 *
 * Why two: a server-rendered page is drawn for a signed-out visitor, and the session's answer comes
 * after hydration. TanStack Query delivers it through `useSyncExternalStore`, whose updates React
 * always renders synchronously; with every reader subscribed on its own, the top bar, the book,
 * message and report buttons re-rendered (and the signed-in tools
 * mounted) in one task: a buyer's bike page's longest (49 ms at CPU 4×; Lighthouse counts it in TBT,
 * bench/README.md). What only shows the session now re-renders in slices the browser can interrupt,
 * a frame or two later; what decides with it (guards, pages that redirect, sign-in and sign-out)
 * reads it as it is.
 *
 * The session is asked for as it was when each reader held its own query: once something reads it
 * (a page with no reader asks nothing), and again when a reader mounts while the answer is older
 * than its freshness (a new page after a minute).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [read, setRead] = useState(false);
  const readerMounted = useCallback(() => {
    setRead(true);
    // A query's own refetch-on-mount, which one provider's single observer no longer has.
    void queryClient.refetchQueries(
      { queryKey: queryKeys.auth.me, stale: true, type: "active" },
      { cancelRefetch: false },
    );
  }, [queryClient]);
  const q = useQuery({ ...meQueryOptions(), enabled: read });
  const { data, error: failure, refetch } = q;
  const fresh = useMemo<Session>(() => {
    const user = data?.user ?? null;
    const unknown = data === undefined;
    const error = unknown ? failure : null;
    return {
      user,
      isLoading: unknown && (error === null || isUnreachable(error)),
      role: user?.role ?? null,
      error,
      retry: refetch,
    };
  }, [data, failure, refetch]);
  const shown = useDeferredValue(fresh);
  return createElement(
    ReaderMounted.Provider,
    { value: readerMounted },
    createElement(
      FreshSession.Provider,
      { value: fresh },
      createElement(ShownSession.Provider, { value: shown }, children),
    ),
  );
}

function useSessionFrom(context: typeof FreshSession): Session {
  const session = useContext(context);
  const mounted = useContext(ReaderMounted);
  useEffect(() => mounted?.(), [mounted]);
  if (!session)
    throw new Error("The session is read under a SessionProvider (src/web/app/app-providers.tsx)");
  return session;
}

/** The session as it is now: for what decides with it (a guard, a page that sends someone away). */
export function useSession(): Session {
  return useSessionFrom(FreshSession);
}

/** The session as drawn, a render behind a change (see SessionProvider): for what only shows it. */
export function useShownSession(): Session {
  return useSessionFrom(ShownSession);
}
