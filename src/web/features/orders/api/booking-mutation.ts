import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order } from "#shared/schemas/orders.ts";
import { refreshAfter } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/**
 * A buyer's request that books a bike or ends their booking. Whatever the answer (done, or refused
 * because the bike or the order changed meanwhile), the bikes shown and the buyer's orders are out of
 * date: both refetch, so each shows its new state; the caller decides what to tell the buyer.
 */
export function useBookingMutation<TVariables>(send: (variables: TVariables) => Promise<{ order: Order }>) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    ]);
  return useMutation({
    mutationFn: send,
    onSettled: (_data, error) => refreshAfter(error, refresh),
  });
}
