import { partialMatchKey, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AuthProvidersResponse, DemoAccount, MeResponse, SigninReq } from "#shared/schemas/auth.ts";
import type { SigninResponse } from "#shared/schemas/two-factor.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const demoAccountsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.demoAccounts,
    queryFn: ({ signal }) => api<{ accounts: DemoAccount[] }>("/api/auth/demo-accounts", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useDemoAccounts() {
  return useQuery(demoAccountsQueryOptions());
}

/** Which sign-in providers the server is set up for; fixed for the life of the server. */
export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.providers,
    queryFn: ({ signal }) => api<AuthProvidersResponse>("/api/auth/providers", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}

/**
 * After the identity changes, everything fetched as the previous user (or as nobody) may be wrong:
 * "me" gets the new user at once, every other query starts over.
 */
export function useAdoptSession() {
  const queryClient = useQueryClient();
  return (me: MeResponse) => {
    queryClient.setQueryData(queryKeys.auth.me, me);
    void queryClient.resetQueries({ predicate: (q) => !partialMatchKey(q.queryKey, queryKeys.auth.me) });
  };
}

/** With a second factor on the account, no session yet: the answer is `{ mfaRequired: true }`. */
export function useSignin() {
  const adopt = useAdoptSession();
  return useMutation({
    mutationFn: (body: SigninReq) => api<SigninResponse>("/api/auth/signin", { method: "POST", body }),
    onSuccess: (res) => {
      if ("user" in res) adopt(res);
    },
  });
}

export function useSignup() {
  const adopt = useAdoptSession();
  return useMutation({
    mutationFn: (body: FormData) => api<MeResponse>("/api/auth/signup", { method: "POST", body }),
    onSuccess: adopt,
  });
}

/** Ends the session on the server. The caller leaves the page first, then calls `forget`. */
export function useSignout() {
  const adopt = useAdoptSession();
  const mutation = useMutation({
    mutationFn: () => api<void>("/api/auth/signout", { method: "POST" }),
  });
  return { ...mutation, forget: () => adopt({ user: null }) };
}
