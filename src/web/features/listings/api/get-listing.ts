import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListingDetailResponse } from "#shared/schemas/listings.ts";
import { api } from "#web/lib/api-client.ts";
import { PAGE_DATA_FRESH_MS } from "#web/lib/freshness.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const listingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.listings.detail(id),
    staleTime: PAGE_DATA_FRESH_MS,
    // The answer holds the asker's own booking and report: a page rendered for a visitor asks again
    // once the browser knows who is signed in (src/web/main.tsx).
    meta: { personal: true },
    queryFn: ({ signal }) =>
      api<ListingDetailResponse>(`/api/listings/${encodeURIComponent(id)}`, { signal }),
  });

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}
