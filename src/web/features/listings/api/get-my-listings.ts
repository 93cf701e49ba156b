import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { MyListingsPage } from "#shared/schemas/listings.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const myListingsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.listings.mine,
    queryFn: ({ pageParam, signal }) =>
      api<MyListingsPage>(pagePath("/api/me/listings", pageParam), { signal }),
    ...cursorPaging,
  });

export function useMyListings() {
  return useInfiniteQuery(myListingsQueryOptions());
}
