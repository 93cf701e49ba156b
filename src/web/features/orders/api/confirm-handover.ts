import type { Order } from "#shared/schemas/orders.ts";
import { api } from "#web/lib/api-client.ts";
import { useBookingMutation } from "./booking-mutation.ts";

/** The buyer's "I have the bike and its papers": the money MotoHaat held goes to the seller (decision 028). */
export function useConfirmHandover() {
  return useBookingMutation((orderId: string) =>
    api<{ order: Order }>(`/api/orders/${encodeURIComponent(orderId)}/handover`, { method: "POST" }),
  );
}
