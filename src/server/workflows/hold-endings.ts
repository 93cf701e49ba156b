/**
 * An unpaid booking ends and its bike goes back on sale: the buyer cancels, the seller releases, the
 * hold's time runs out, or the bike leaves the market (an admin's removal, its seller's account
 * deleted). Orders first, then the bike (decision 021's lock order). A buyer's own bookings ending
 * with their account are `account-deletion.ts`'s, in the same order.
 */
import { eq, type SQL } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";
import { Forbidden, NotFound } from "#server/errors.ts";
import { putBackOnSale } from "#server/features/listings/market.ts";
import { endHeldOrder, expireDueHolds, releaseHeldOrders } from "#server/features/orders/service.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import { isUuid } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { getOrder } from "./buyer-orders.ts";
import { tellSellersHoldsEnded } from "./order-notices.ts";

/**
 * The held orders of some bikes (`ofBikes`, a condition on orders) end because the bikes leave the
 * market (an admin's removal, the seller's account deleted): released, passed ones expired, and the
 * bikes put back on sale until the caller takes them off. Run before the caller locks the bikes' rows.
 */
export async function releaseHoldsOf(tx: Tx, ofBikes: SQL): Promise<void> {
  await putBackOnSale(tx, await releaseHeldOrders(tx, ofBikes));
}

/**
 * Expires every hold that has run out and puts its bike back on sale, in one transaction; safe on
 * several app nodes at once (see expireDueHolds). Returns the orders it expired.
 */
export async function sweepExpiredHolds(db: Db) {
  return db.transaction(async (tx) => {
    const expired = await expireDueHolds(tx);
    await putBackOnSale(
      tx,
      expired.map((o) => o.listingId),
    );
    await tellSellersHoldsEnded(
      tx,
      expired.map((o) => o.id),
      "expired",
    );
    return expired;
  });
}

/** One transaction: the order ends (`endHeldOrder` checks who may), then its bike is for sale again. */
async function endHold(
  db: Db,
  orderId: string,
  how: "cancelled" | "released",
  owns: (row: { buyerId: string; sellerId: string }) => void,
): Promise<void> {
  if (!isUuid(orderId)) throw new NotFound(MSG.order.notFound);
  await db.transaction(async (tx) => {
    const listingId = await endHeldOrder(tx, orderId, how, owns);
    await putBackOnSale(tx, [listingId]);
    // The seller learns the meeting is off when the buyer cancels (a release is the seller's own doing).
    if (how === "cancelled") await tellSellersHoldsEnded(tx, [orderId], "cancelled");
  });
}

/** The buyer lets their unpaid booking go: the bike is for sale again. The order as it is now. */
export async function cancelOrder(db: Db, buyer: AuthUser, orderId: string): Promise<Order> {
  await endHold(db, orderId, "cancelled", (row) => {
    if (row.buyerId !== buyer.id) throw new Forbidden(MSG.order.notYours);
  });
  return getOrder(db, buyer, orderId);
}

/** The bike's seller lets an unpaid booking go (the buyer did not come): the bike is for sale again. */
export async function releaseOrder(db: Db, seller: AuthUser, orderId: string): Promise<void> {
  await endHold(db, orderId, "released", (row) => {
    if (row.sellerId !== seller.id) throw new Forbidden(MSG.order.notYourBike);
  });
}

/** A passed hold of this bike not swept yet ends now, so it never blocks a new buyer. */
export async function expirePassedHold(tx: Tx, listingId: string): Promise<void> {
  const expired = await expireDueHolds(tx, eq(orders.listingId, listingId));
  if (expired.length > 0) await putBackOnSale(tx, [listingId]);
  await tellSellersHoldsEnded(
    tx,
    expired.map((o) => o.id),
    "expired",
  );
}
