/**
 * What notifications about orders say (`workflows/` tell buyers and sellers of bookings, holds and
 * payments): each order's bike, its buyer and seller, the meeting. Read inside the transaction that
 * changed the orders, so what is said is what was written. The reminders of holds about to run out
 * are claimed here too: `hold_reminded_at` is this feature's column.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "#server/db/client.ts";
import { listings, orders, users } from "#server/db/schema.ts";

const buyer = alias(users, "notice_buyer");

export type OrderNotice = {
  id: string;
  listingId: string;
  buyerId: string;
  buyerName: string;
  sellerId: string;
  model: string;
  price: number;
  phone: string;
  meetingLocation: string;
  holdUntil: Date | null;
};

/** The orders' facts for their notifications, in no particular order. */
export async function orderNotices(tx: Tx, orderIds: string[]): Promise<OrderNotice[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select({
      id: orders.id,
      listingId: orders.listingId,
      buyerId: orders.buyerId,
      buyerName: buyer.name,
      sellerId: listings.sellerId,
      model: listings.model,
      price: orders.price,
      phone: orders.phone,
      meetingLocation: orders.meetingLocation,
      holdUntil: orders.holdUntil,
    })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .where(inArray(orders.id, orderIds));
}

/**
 * Held orders whose hold runs out within `withinMinutes` and whose buyer was not reminded yet: marked
 * reminded and returned, so each hold is reminded once. The guarded UPDATE lets one of several
 * sweeping nodes take a given order. Left out: a hold no longer than the window itself (the buyer has
 * just been told the deadline when booking), one that has already run out, and one whose seller
 * marked it paid in cash (it no longer runs out while the buyer answers).
 */
export async function claimHoldReminders(tx: Tx, withinMinutes: number): Promise<string[]> {
  const window = sql`make_interval(mins => ${withinMinutes}::int)`;
  const claimed = await tx
    .update(orders)
    .set({ holdRemindedAt: sql`now()` })
    .where(
      and(
        eq(orders.status, "held"),
        isNull(orders.holdRemindedAt),
        isNull(orders.cashMarkedAt),
        sql`${orders.holdUntil} > now()`,
        sql`${orders.holdUntil} <= now() + ${window}`,
        sql`${orders.holdUntil} - ${orders.createdAt} > ${window}`,
      ),
    )
    .returning({ id: orders.id });
  return claimed.map((o) => o.id);
}
