import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MeResponse, Role, User } from "#shared/schemas/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { api } from "./api-client.ts";

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
   * Not known yet: the first answer is on its way, or "me" could not be fetched at all. A network
   * failure or a 5xx says nothing about being signed in: until the server answers, the person is
   * neither signed in nor signed out (guards wait, the banner retries), never sent to sign in.
   */
  isLoading: boolean;
  role: Role | null;
  /** Why the session is not known, once its retries are spent (the banner refetches it on recovery). */
  error: Error | null;
  retry: () => unknown;
};

export function useSession(): Session {
  const q = useQuery(meQueryOptions());
  const user = q.data?.user ?? null;
  const unknown = q.data === undefined;
  return {
    user,
    isLoading: unknown,
    role: user?.role ?? null,
    error: unknown ? q.error : null,
    retry: q.refetch,
  };
}
