import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, shouldRetry } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const MAX_RETRY_DELAY_MS = 30_000;

/** MotoHaat's rule: 1 s, 2 s, 4 s… between retries, never more than 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  // A 401 from a query means the session ended (expired, signed out in another tab): refetching
  // "me" lets the guards and the navbar catch up instead of showing a signed-in page that fails.
  // Mutations are left out: a wrong password on sign-in is a 401 too and says nothing about "me".
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      void client.invalidateQueries({ queryKey: queryKeys.auth.me, exact: true });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: 5 * 60_000 },
      // Repeating a mutation could book or pay twice; the user retries by pressing the button again.
      // "always": sent even when the browser says it is offline, so it fails and says so at once
      // instead of spinning, paused, until some later moment.
      mutations: { retry: false, networkMode: "always" },
    },
  });
  return client;
}
