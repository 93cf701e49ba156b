import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { SellersPage } from "#shared/schemas/admin.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const sellersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.sellers,
    queryFn: ({ pageParam, signal }) =>
      api<SellersPage>(pagePath("/api/admin/sellers", pageParam), { signal }),
    ...cursorPaging,
  });

export function useSellers() {
  return useInfiniteQuery(sellersQueryOptions());
}
