import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdminBuyersPage } from "#shared/schemas/admin.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const allBuyersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.buyers,
    queryFn: ({ pageParam, signal }) =>
      api<AdminBuyersPage>(pagePath("/api/admin/buyers", pageParam), { signal }),
    ...cursorPaging,
  });

export function useAllBuyers() {
  return useInfiniteQuery(allBuyersQueryOptions());
}
