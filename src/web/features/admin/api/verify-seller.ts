import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SellerRow } from "#shared/schemas/admin.ts";
import { api } from "#web/lib/api-client.ts";
import { sellersKey } from "./get-sellers.ts";

export function verifySeller(sellerId: string) {
  return api<{ seller: SellerRow }>(`/api/admin/sellers/${encodeURIComponent(sellerId)}/verify`, {
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
        [sellersKey, ["listings"], ["orders"]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
