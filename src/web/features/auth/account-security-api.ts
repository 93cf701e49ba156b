import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordReq, DevicesResponse } from "#shared/schemas/account.ts";
import { api, refreshAfter } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

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
