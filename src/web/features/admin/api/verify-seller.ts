import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminSeller } from "#shared/schemas/admin.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** POST sets the tick, DELETE takes it off (the Undo); both answer the seller's row. */
function setVerified(sellerId: string, verified: boolean) {
  return api<{ seller: AdminSeller }>(`/api/admin/sellers/${encodeURIComponent(sellerId)}/verify`, {
    method: verified ? "POST" : "DELETE",
  });
}

/** The seller's tick shows on their listings and on their buyers' orders, so those refetch too. */
function useSetVerified(verified: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sellerId: string) => setVerified(sellerId, verified),
    onSuccess: () =>
      Promise.all(
        [queryKeys.admin.sellers, queryKeys.listings.all, queryKeys.orders.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export function useVerifySeller() {
  return useSetVerified(true);
}

export function useUnverifySeller() {
  return useSetVerified(false);
}
