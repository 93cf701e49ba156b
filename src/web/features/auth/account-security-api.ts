import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordReq, DeleteAccountReq, DevicesResponse } from "#shared/schemas/account.ts";
import { api, refreshAfter } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useAdoptSession } from "./api.ts";

const devicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.devices,
    queryFn: ({ signal }) => api<DevicesResponse>("/api/auth/sessions", { signal }),
  });

export function useDevices() {
  return useQuery(devicesQueryOptions());
}

/** The server ends every other session: the device list changes with it. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordReq) =>
      api<{ message: string }>("/api/auth/password", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.devices }),
  });
}

export function useEndDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: (_data, error) =>
      refreshAfter(error, () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.devices })),
  });
}

export function useEndOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ended: number }>("/api/auth/sessions", { method: "DELETE" }),
    onSettled: (_data, error) =>
      refreshAfter(error, () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.devices })),
  });
}

/**
 * Deletes the signed-in person's account; the server ends every session and clears the cookie. The
 * caller leaves the page first (a guarded page would send a signed-out person to sign in), then
 * calls `forget`, as signing out does.
 */
export function useDeleteAccount() {
  const adopt = useAdoptSession();
  const mutation = useMutation({
    mutationFn: (body: DeleteAccountReq) => api<void>("/api/me", { method: "DELETE", body }),
  });
  return { ...mutation, forget: () => adopt({ user: null }) };
}
