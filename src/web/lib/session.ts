import { queryOptions, useQuery } from "@tanstack/react-query";
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

export function useSession(): Session {
  const q = useQuery(meQueryOptions());
  const user = q.data?.user ?? null;
  const unknown = q.data === undefined;
  const error = unknown ? q.error : null;
  return {
    user,
    isLoading: unknown && (error === null || isUnreachable(error)),
    role: user?.role ?? null,
    error,
    retry: q.refetch,
  };
}
