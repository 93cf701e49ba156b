import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { DecideDisputeReq, DisputeHandoverReq, HandoverDisputesPage } from "#shared/schemas/money.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { api, refreshAfter } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useBookingMutation } from "./booking-mutation.ts";

/** The buyer reports a problem with a card-paid handover: the money stays held until an admin decides. */
export function useDisputeHandover() {
  return useBookingMutation(({ orderId, ...body }: DisputeHandoverReq & { orderId: string }) =>
    api<{ order: Order }>(`/api/orders/${encodeURIComponent(orderId)}/dispute`, { method: "POST", body }),
  );
}

/** The admins' open handover disputes, newest first. */
export function useHandoverDisputes() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.orders.handoverDisputes,
      queryFn: ({ pageParam, signal }) =>
        api<HandoverDisputesPage>(pagePath("/api/admin/handover-disputes", pageParam), { signal }),
      ...cursorPaging,
    }),
  );
}

/** An admin refunds or releases a disputed handover's money: the list and the money pages refetch. */
export function useDecideHandoverDispute() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.handoverDisputes }),
      queryClient.invalidateQueries({ queryKey: queryKeys.payments.adminMoney }),
    ]);
  return useMutation({
    mutationFn: ({ orderId, ...body }: DecideDisputeReq & { orderId: string }) =>
      api<void>(`/api/admin/handover-disputes/${encodeURIComponent(orderId)}/decide`, {
        method: "POST",
        body,
      }),
    onSettled: (_data, error) => refreshAfter(error, refresh),
  });
}
