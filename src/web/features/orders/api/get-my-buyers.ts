import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { SellerBookingsPage } from "#shared/schemas/orders.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** My buyers: every booking of the seller's bikes, newest first. */
const myBuyersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders.myBuyers,
    queryFn: ({ pageParam, signal }) =>
      api<SellerBookingsPage>(pagePath("/api/me/buyers", pageParam), { signal }),
    ...cursorPaging,
  });

export function useMyBuyers() {
  return useInfiniteQuery(myBuyersQueryOptions());
}
