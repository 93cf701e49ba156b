import type { Order } from "#shared/schemas/orders.ts";
import { api } from "#web/lib/api-client.ts";
import { useBookingMutation } from "./booking-mutation.ts";

function cancelOrder(orderId: string) {
  return api<{ order: Order }>(`/api/orders/${encodeURIComponent(orderId)}/cancel`, { method: "POST" });
}

/**
 * Cancels the buyer's unpaid booking. Whatever the answer (cancelled, or refused because it was paid
 * or ended meanwhile), the bike's page and My orders refetch, so the bike shows Book now again and the
 * order its new state.
 */
export function useCancelOrder() {
  return useBookingMutation(cancelOrder);
}
