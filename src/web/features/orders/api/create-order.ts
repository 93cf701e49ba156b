import type { Order, OrderCreateReq } from "#shared/schemas/orders.ts";
import { api } from "#web/lib/api-client.ts";
import { useBookingMutation } from "./booking-mutation.ts";

function createOrder(body: OrderCreateReq) {
  return api<{ order: Order }>("/api/orders", { method: "POST", body });
}

/**
 * Books a bike. Success, a lost race ("just sold") and a price changed since the page loaded all
 * mean the listings shown are out of date, so every outcome refetches them and My orders (the book
 * modal then shows the new price); the caller decides what to tell the user.
 */
export function useCreateOrder() {
  return useBookingMutation(createOrder);
}
