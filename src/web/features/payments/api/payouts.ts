import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { MoneyAction, MoneyLogPage, OwedList, RecordPayoutReq } from "#shared/schemas/money.ts";
import { api, refreshAfter } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Every seller owed money, with their payout details (admins). Money is released by nobody's click: fresh on each visit. */
export function useOwedSellers() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.payments.owed,
      queryFn: ({ signal }) => api<OwedList>("/api/admin/payouts", { signal }),
      staleTime: 0,
    }),
  );
}

/** Every admin action on money, newest first. */
export function useMoneyLog() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.payments.moneyLog,
      queryFn: ({ pageParam, signal }) =>
        api<MoneyLogPage>(pagePath("/api/admin/money-log", pageParam), { signal }),
      ...cursorPaging,
      staleTime: 0,
    }),
  );
}

/** An admin records a transfer made to a seller: the owed list and the log refetch. */
export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPayoutReq) =>
      api<{ payout: MoneyAction }>("/api/admin/payouts", { method: "POST", body }),
    onSettled: (_data, error) =>
      refreshAfter(error, () => queryClient.invalidateQueries({ queryKey: queryKeys.payments.adminMoney })),
  });
}
