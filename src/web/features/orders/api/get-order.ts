import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "#shared/schemas/orders.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(orderId),
    queryFn: ({ signal }) =>
      api<{ order: Order }>(`/api/orders/${encodeURIComponent(orderId)}`, { signal }).then((r) => r.order),
  });

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
