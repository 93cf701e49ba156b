import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ListingsPage } from "#shared/schemas/listings.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** `category` is a slug, or `all` for every category. */
const listingsQueryOptions = (category: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.listings.list(category),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ category });
      if (pageParam) query.set("cursor", pageParam);
      return api<ListingsPage>(`/api/listings?${query}`, { signal });
    },
    ...cursorPaging,
  });

export function useListings(category: string) {
  return useInfiniteQuery(listingsQueryOptions(category));
}
