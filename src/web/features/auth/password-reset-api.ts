import { useMutation } from "@tanstack/react-query";
import type { PasswordResetConfirmReq, PasswordResetRequestReq } from "#shared/schemas/auth.ts";
import type { SigninResponse } from "#shared/schemas/two-factor.ts";
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
      api<SigninResponse>("/api/auth/password-reset/confirm", { method: "POST", body }),
    // With a second factor the code is still asked for (on the sign-in page) before any session.
    onSuccess: (res) => {
      if ("user" in res) adopt(res);
    },
  });
}
