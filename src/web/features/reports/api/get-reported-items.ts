import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ReportedListing } from "#shared/schemas/reports.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, type Page, pagePath } from "#web/lib/paging.ts";

export const reportsKey = ["reports"] as const;

export const reportedItemsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...reportsKey, "admin"] as const,
    queryFn: ({ pageParam, signal }) =>
      api<Page<ReportedListing>>(pagePath("/api/admin/reports", pageParam), { signal }),
    ...cursorPaging,
  });

export function useReportedItems() {
  return useInfiniteQuery(reportedItemsQueryOptions());
}
