import type { QueryClient } from "@tanstack/react-query";
import { categoriesQueryOptions } from "#web/lib/categories-query.ts";
import { advertisedListingsQueryOptions } from "./api/get-advertised-listings.ts";
import { listingQueryOptions } from "./api/get-listing.ts";
import { listingsQueryOptions } from "./api/get-listings.ts";
import { readFilters } from "./use-listing-filters.ts";

/*
 * What a page of bikes asks the API for, started by the router's loaders as soon as the URL is known,
 * while the page's own code is still downloading: on a phone network that is one round trip less
 * before the first photo (issue 12). Each uses the very query the page then reads, so the page finds
 * the answer there, or on its way, and never asks twice. Nothing is awaited: navigation never waits.
 */

/** `/`: the advertised bikes, and the categories shown above them (the page lays both out at once). */
export function prefetchAdvertised(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(advertisedListingsQueryOptions());
  void queryClient.prefetchQuery(categoriesQueryOptions());
}

/** `/products/:category` with the filters and sort of its URL, as CategoryPage reads them. */
export function prefetchCategory(queryClient: QueryClient, category: string, url: URL): void {
  void queryClient.prefetchInfiniteQuery(
    listingsQueryOptions({ category, ...readFilters(url.searchParams) }),
  );
}

export function prefetchListing(queryClient: QueryClient, id: string): void {
  void queryClient.prefetchQuery(listingQueryOptions(id));
}
