import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { EarningsPage } from "#shared/schemas/earnings.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The seller's statement, newest first, each page with the whole balance. */
const earningsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.payments.earnings,
    queryFn: ({ pageParam, signal }) =>
      api<EarningsPage>(pagePath("/api/me/earnings", pageParam), { signal }),
    ...cursorPaging,
    // Money moves without the seller doing anything (a buyer's confirmation, the due date).
    staleTime: 0,
  });

export function useEarnings() {
  return useInfiniteQuery(earningsQueryOptions());
}
