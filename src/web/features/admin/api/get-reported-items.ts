import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ReportedListing } from "#shared/schemas/reports.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, type Page, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const reportedItemsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.reports.reported,
    queryFn: ({ pageParam, signal }) =>
      api<Page<ReportedListing>>(pagePath("/api/admin/reports", pageParam), { signal }),
    ...cursorPaging,
  });

export function useReportedItems() {
  return useInfiniteQuery(reportedItemsQueryOptions());
}
