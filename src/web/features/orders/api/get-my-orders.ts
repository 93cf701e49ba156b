import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { OrdersPage } from "#shared/schemas/orders.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const myOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders.mine,
    queryFn: ({ pageParam, signal }) => api<OrdersPage>(pagePath("/api/me/orders", pageParam), { signal }),
    ...cursorPaging,
  });

export function useMyOrders() {
  return useInfiniteQuery(myOrdersQueryOptions());
}
