import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Seller } from "#shared/schemas/people.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

function verifySeller(sellerId: string) {
  return api<{ seller: Seller }>(`/api/admin/sellers/${encodeURIComponent(sellerId)}/verify`, {
    method: "POST",
  });
}

/** The seller's tick shows on their listings and on their buyers' orders, so those refetch too. */
export function useVerifySeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySeller,
    onSuccess: () =>
      Promise.all(
        [queryKeys.admin.sellers, queryKeys.listings.all, queryKeys.orders.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
