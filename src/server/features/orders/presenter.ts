/**
 * Orders and buyers as the API shows them (My orders, an order, the order a payment returns,
 * My buyers and All buyers): the one select and the one mapping of each.
 */
import { type SQL, sql } from "drizzle-orm";
import { orders, payments } from "#server/db/schema.ts";
import { toPerson } from "#server/features/people/presenter.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import type { BuyersPage, Order, OrderStatus } from "#shared/schemas/orders.ts";

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
    status: orderStatus(),
    holdUntil: orders.holdUntil,
    endedAt:
      sql<Date | null>`case when ${holdPassed()} then ${orders.holdUntil} else ${orders.endedAt} end`.mapWith(
        orders.endedAt,
      ),
    // A paid order has one payment (payments_order_id_unique): its provider id and amount.
    paymentId: sql<
      string | null
    >`(select ${payments.intentId} from ${payments} where ${payments.orderId} = ${orders.id})`,
    paymentAmount: sql<
      number | null
    >`(select ${payments.amount} from ${payments} where ${payments.orderId} = ${orders.id})`,
    createdAt: orders.createdAt,
    createdAtText: sql<string>`${orders.createdAt}::text`,
  };
}

/** A held order whose time to pay has run out, swept or not (decision 021). */
export function holdPassed(): SQL<boolean> {
  return sql<boolean>`(${orders.status} = 'held' and ${orders.holdUntil} <= now())`;
}

/**
 * The order's state as every read shows it. The sweeper (sweeper.ts) writes `expired` within a
 * minute of a hold's end, but a read between the two must not show a passed hold as held: it reads
 * `expired` here, by the database's clock (the one that set `hold_until` and that the sweeper
 * compares with), so every app node agrees. Expiring on read instead would make reads write, and
 * the bike's own status is put back by the sweeper or by the next booking of that bike anyway.
 */
export function orderStatus(): SQL<OrderStatus> {
  return sql<OrderStatus>`case when ${holdPassed()} then 'expired' else ${orders.status} end`;
}

export type OrderRow = {
  id: string;
  listingId: string;
  price: number;
  phone: string;
  meetingLocation: string;
  paidAt: Date | null;
  status: OrderStatus;
  holdUntil: Date | null;
  endedAt: Date | null;
  paymentId: string | null;
  paymentAmount: number | null;
  createdAt: Date;
};

/** An order with its bike (read by `listingsByIds`: hidden bikes included, the buyer keeps them). */
export function toOrder(r: OrderRow, listing: Listing): Order {
  return {
    id: r.id,
    status: r.status,
    holdUntil: r.status === "held" ? (r.holdUntil?.toISOString() ?? null) : null,
    endedAt: r.endedAt?.toISOString() ?? null,
    receipt:
      r.paidAt && r.paymentId !== null && r.paymentAmount !== null
        ? {
            paymentId: r.paymentId,
            amount: Math.round(r.paymentAmount / 100) /* poisha → taka */,
            paidAt: r.paidAt.toISOString(),
          }
        : null,
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
