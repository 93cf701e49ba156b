import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ListingDetailResponse } from "#shared/schemas/listings.ts";
import { api } from "#web/lib/api-client.ts";
import { listingsKey } from "./listings-key.ts";

export const listingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...listingsKey, "detail", id] as const,
    queryFn: ({ signal }) =>
      api<ListingDetailResponse>(`/api/listings/${encodeURIComponent(id)}`, { signal }),
  });

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}
