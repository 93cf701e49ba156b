import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { SellerRow } from "#shared/schemas/admin.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, type Page, pagePath } from "#web/lib/paging.ts";

export const sellersKey = ["admin", "sellers"] as const;

export const sellersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: sellersKey,
    queryFn: ({ pageParam, signal }) =>
      api<Page<SellerRow>>(pagePath("/api/admin/sellers", pageParam), { signal }),
    ...cursorPaging,
  });

export function useSellers() {
  return useInfiniteQuery(sellersQueryOptions());
}
