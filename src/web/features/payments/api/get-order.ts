import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "#shared/schemas/orders.ts";
import { api } from "#web/lib/api-client.ts";

/**
 * Under "orders" like My orders' lists, so whatever refreshes the orders (a payment, a booking)
 * refreshes this one too.
 */
export const orderQueryKey = (orderId: string) => ["orders", "detail", orderId] as const;

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) =>
      api<{ order: Order }>(`/api/orders/${encodeURIComponent(orderId)}`, { signal }).then((r) => r.order),
  });

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
