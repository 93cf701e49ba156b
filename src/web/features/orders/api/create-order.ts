import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order, OrderCreateReq } from "#shared/schemas/orders.ts";
import { api, refreshAfter } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

function createOrder(body: OrderCreateReq) {
  return api<{ order: Order }>("/api/orders", { method: "POST", body });
}

/**
 * Books a bike. Success, a lost race ("just sold") and a price changed since the page loaded all
 * mean the listings shown are out of date, so every outcome refetches them (the book modal then
 * shows the new price); the caller decides what to tell the user.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    ]);
  return useMutation({
    mutationFn: createOrder,
    onSettled: (_data, error) => refreshAfter(error, refresh),
  });
}
