import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ListingsSearchPage } from "#shared/schemas/listings.ts";
import { api } from "#web/lib/api-client.ts";
import { PAGE_DATA_FRESH_MS } from "#web/lib/freshness.ts";
import { cursorPaging } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/**
 * `GET /api/listings` with `params` as its query: `category` (a slug, or `all`), the filters and
 * sort of the URL, or `seller` for a seller's page. Blank values are left out by the caller.
 */
export const listingsQueryOptions = (params: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: queryKeys.listings.list(params),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams(params);
      if (pageParam) query.set("cursor", pageParam);
      return api<ListingsSearchPage>(`/api/listings?${query}`, { signal });
    },
    // While a changed search loads, the bikes of the last one stay (dimmed by the page), as long as
    // it is the same list narrowed differently: another category or seller starts empty.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2];
      return before?.category === params.category && before?.seller === params.seller ? previous : undefined;
    },
    ...cursorPaging,
  });

export function useListings(params: Record<string, string>) {
  return useInfiniteQuery(listingsQueryOptions(params));
}
