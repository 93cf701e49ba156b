import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListingsPage } from "#shared/schemas/listings.ts";
import { api } from "#web/lib/api-client.ts";
import { PAGE_DATA_FRESH_MS } from "#web/lib/freshness.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/**
 * The first page of advertised bikes only: the home page shows a handful of them, not a catalogue
 * (the full list is one click away under Products).
 */
export const advertisedListingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.listings.advertised,
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: ({ signal }) => api<ListingsPage>("/api/listings/advertised", { signal }),
  });

export function useAdvertisedListings() {
  return useQuery(advertisedListingsQueryOptions());
}
