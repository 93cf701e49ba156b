import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { BuyersPage } from "#shared/schemas/orders.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";

export const allBuyersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["admin", "buyers"] as const,
    queryFn: ({ pageParam, signal }) => api<BuyersPage>(pagePath("/api/admin/buyers", pageParam), { signal }),
    ...cursorPaging,
  });

export function useAllBuyers() {
  return useInfiniteQuery(allBuyersQueryOptions());
}
