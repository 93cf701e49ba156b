import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order } from "#shared/schemas/orders.ts";
import { api, refreshAfter } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

function cancelOrder(orderId: string) {
  return api<{ order: Order }>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, { method: "POST" });
}

/**
 * Cancels the buyer's unpaid booking. Whatever the answer (cancelled, or refused because it was paid
 * or ended meanwhile), the bike's page and My orders are out of date: both refetch, so the bike shows
 * Book now again and the order its new state.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    ]);
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: (_data, error) => refreshAfter(error, refresh),
  });
}
