import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PaymentConfirmReq, PaymentConfirmResponse } from "#shared/schemas/payments.ts";
import { isAlreadyPaid, isHoldEnded } from "#web/features/payments/payment-errors.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

function confirmPayment(body: PaymentConfirmReq) {
  return api<PaymentConfirmResponse>("/api/payments/confirm", { method: "POST", body });
}

/**
 * Asks our server to confirm (test provider: with the card) or to re-read the intent (Stripe, after
 * Stripe.js confirmed it): the paid state always comes from the server. Every cached order
 * refreshes, so My orders shows Paid without a reload.
 */
export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(queryKeys.orders.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
    onError: (err) => {
      // Paid meanwhile (another tab), or the hold ended: the refetched order turns the page to Paid,
      // or to "nothing to pay".
      if (isAlreadyPaid(err) || isHoldEnded(err))
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
