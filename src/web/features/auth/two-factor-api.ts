import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MeResponse } from "#shared/schemas/auth.ts";
import type {
  MfaConfirmReq,
  MfaDisableReq,
  MfaEnabledResponse,
  MfaSetupResponse,
  MfaSigninReq,
} from "#shared/schemas/two-factor.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useAdoptSession } from "./api.ts";

/** A new secret to scan; each start replaces the last one not yet confirmed. */
export function useStartMfa() {
  return useMutation({
    mutationFn: () => api<MfaSetupResponse>("/api/auth/mfa/setup", { method: "POST" }),
  });
}

/** The same person, now with a second factor: only "me" changes. */
export function useConfirmMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MfaConfirmReq) =>
      api<MfaEnabledResponse>("/api/auth/mfa/confirm", { method: "POST", body }),
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.auth.me, { user }),
  });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MfaDisableReq) => api<MeResponse>("/api/auth/mfa/disable", { method: "POST", body }),
    onSuccess: (me) => queryClient.setQueryData(queryKeys.auth.me, me),
  });
}

/** Sign-in's second step: the session starts here. */
export function useSigninCode() {
  const adopt = useAdoptSession();
  return useMutation({
    mutationFn: (body: MfaSigninReq) => api<MeResponse>("/api/auth/signin/mfa", { method: "POST", body }),
    onSuccess: adopt,
  });
}
