/**
 * Orders and buyers as the API shows them (My orders, an order, the order a payment returns,
 * My buyers and All buyers): the one select and the one mapping of each.
 */
import { sql } from "drizzle-orm";
import { orders } from "#server/db/schema.ts";
import { toPerson } from "#server/features/people/presenter.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import type { BuyersPage, Order } from "#shared/schemas/orders.ts";

/**
 * The columns of `orders` an order needs (`createdAtText` is for the page cursor).
 *
 * A function declaration, not a constant: mutation testing does not reload module-level code for
 * each mutant, so only code that runs on a call can be checked.
 */
export function orderColumns() {
  return {
    id: orders.id,
    listingId: orders.listingId,
    buyerId: orders.buyerId,
    price: orders.price,
    phone: orders.phone,
    meetingLocation: orders.meetingLocation,
    paidAt: orders.paidAt,
    createdAt: orders.createdAt,
    createdAtText: sql<string>`${orders.createdAt}::text`,
  };
}

export type OrderRow = {
  id: string;
  listingId: string;
  price: number;
  phone: string;
  meetingLocation: string;
  paidAt: Date | null;
  createdAt: Date;
};

/** An order with its bike (read by `listingsByIds`: hidden bikes included, the buyer keeps them). */
export function toOrder(r: OrderRow, listing: Listing): Order {
  return {
    id: r.id,
    bookedAt: r.createdAt.toISOString(),
    price: r.price,
    phone: r.phone,
    meetingLocation: r.meetingLocation,
    paid: r.paidAt !== null,
    paidAt: r.paidAt?.toISOString() ?? null,
    listing,
  };
}

/** A buyer: the person (`personColumns`) and the phone from their latest booking. */
export function toBuyer(r: Parameters<typeof toPerson>[0] & { phone: string }): BuyersPage["items"][number] {
  return { ...toPerson(r), phone: r.phone };
}
