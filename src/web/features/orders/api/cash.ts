import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CashDisputeReq, CashResolveReq, Order } from "#shared/schemas/orders.ts";
import { api, refreshAfter } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useBookingMutation } from "./booking-mutation.ts";

const orderPath = (orderId: string, step: string) => `/api/orders/${encodeURIComponent(orderId)}/${step}`;

/**
 * The seller marks a held booking paid in cash at the meeting. Whatever the answer, My buyers
 * refetches, so the booking shows its new state (or what it became meanwhile).
 */
export function useMarkCash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api<void>(orderPath(orderId, "cash"), { method: "POST" }),
    onSettled: (_data, error) =>
      refreshAfter(error, () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.myBuyers })),
  });
}

/** The buyer's "Yes, I paid": the order becomes paid in cash; the bike's page and My orders refetch. */
export function useConfirmCash() {
  return useBookingMutation((orderId: string) =>
    api<{ order: Order }>(orderPath(orderId, "cash/confirm"), { method: "POST" }),
  );
}

/** The buyer's "No, I didn't", with an optional reason. */
export function useDisputeCash() {
  return useBookingMutation(({ orderId, ...body }: CashDisputeReq & { orderId: string }) =>
    api<{ order: Order }>(orderPath(orderId, "cash/dispute"), { method: "POST", body }),
  );
}

/** An admin decides a disputed cash mark: the list, and every order and bike shown, refetch. */
export function useResolveCashDispute() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.orders.cashDisputes }),
      queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
    ]);
  return useMutation({
    mutationFn: ({ orderId, decision }: CashResolveReq & { orderId: string }) =>
      api<void>(`/api/admin/cash-disputes/${encodeURIComponent(orderId)}/resolve`, {
        method: "POST",
        body: { decision },
      }),
    onSettled: (_data, error) => refreshAfter(error, refresh),
  });
}
