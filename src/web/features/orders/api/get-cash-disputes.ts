import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { CashDisputesPage } from "#shared/schemas/orders.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The admins' open cash disputes, newest first. */
export function useCashDisputes() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.orders.cashDisputes,
      queryFn: ({ pageParam, signal }) =>
        api<CashDisputesPage>(pagePath("/api/admin/cash-disputes", pageParam), { signal }),
      ...cursorPaging,
    }),
  );
}
