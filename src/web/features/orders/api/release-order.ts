import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, refreshAfter } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

function releaseOrder(orderId: string) {
  return api<void>(`/api/orders/${encodeURIComponent(orderId)}/release`, { method: "POST" });
}

/**
 * The seller lets an unpaid booking of their bike go. Whatever the answer (released, or refused
 * because it was paid or ended meanwhile), My buyers and the bike's lists are out of date: both
 * refetch, so the booking shows its new state and the bike is for sale again.
 */
export function useReleaseOrder() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.myBuyers }),
      queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
    ]);
  return useMutation({
    mutationFn: releaseOrder,
    onSettled: (_data, error) => refreshAfter(error, refresh),
  });
}
