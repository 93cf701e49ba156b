import { useMutation } from "@tanstack/react-query";
import type { MeResponse, PasswordResetConfirmReq, PasswordResetRequestReq } from "#shared/schemas/auth.ts";
import { api } from "#web/lib/api-client.ts";
import { useAdoptSession } from "./api.ts";

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequestReq) =>
      api<{ message: string }>("/api/auth/password-reset", { method: "POST", body }),
  });
}

/** Sets the new password; the server signs the user in with a new session, ending every other. */
export function useConfirmPasswordReset() {
  const adopt = useAdoptSession();
  return useMutation({
    mutationFn: (body: PasswordResetConfirmReq) =>
      api<MeResponse>("/api/auth/password-reset/confirm", { method: "POST", body }),
    onSuccess: adopt,
  });
}
