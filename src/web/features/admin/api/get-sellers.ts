import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { Seller } from "#shared/schemas/people.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, type Page, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const sellersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.sellers,
    queryFn: ({ pageParam, signal }) =>
      api<Page<Seller>>(pagePath("/api/admin/sellers", pageParam), { signal }),
    ...cursorPaging,
  });

export function useSellers() {
  return useInfiniteQuery(sellersQueryOptions());
}
