import { useQuery } from "@tanstack/react-query";
import type { NearbySearches } from "#shared/schemas/listings.ts";
import { api } from "#web/lib/api-client.ts";
import { PAGE_DATA_FRESH_MS } from "#web/lib/freshness.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** `GET /api/listings/nearby` for the list's own query (`category`, filters, sort). */
export function useNearbySearches(params: Record<string, string>) {
  return useQuery({
    queryKey: queryKeys.listings.nearby(params),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: ({ signal }) =>
      api<NearbySearches>(`/api/listings/nearby?${new URLSearchParams(params)}`, { signal }),
  });
}
