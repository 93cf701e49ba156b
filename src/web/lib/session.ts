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
  isLoading: boolean;
  role: Role | null;
};

export function useSession(): Session {
  const q = useQuery(meQueryOptions());
  const user = q.data?.user ?? null;
  return { user, isLoading: q.isPending, role: user?.role ?? null };
}
