import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ListingsPage } from "#shared/schemas/listings.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { listingsKey } from "./listings-key.ts";

export const myListingsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...listingsKey, "mine"] as const,
    queryFn: ({ pageParam, signal }) =>
      api<ListingsPage>(pagePath("/api/me/listings", pageParam), { signal }),
    ...cursorPaging,
  });

export function useMyListings() {
  return useInfiniteQuery(myListingsQueryOptions());
}
