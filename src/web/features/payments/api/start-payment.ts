import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PaymentIntentResponse } from "#shared/schemas/payments.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/**
 * The order's payment intent. A POST, but safe to repeat: the server hands back the open intent
 * rather than making another, so it is cached like a read and never refetched behind the buyer's back.
 */
const paymentIntentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.payments.intent(orderId),
    queryFn: ({ signal }) =>
      api<PaymentIntentResponse>(`/api/orders/${encodeURIComponent(orderId)}/payment-intent`, {
        method: "POST",
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function usePaymentIntent(orderId: string) {
  return useQuery(paymentIntentQueryOptions(orderId));
}
