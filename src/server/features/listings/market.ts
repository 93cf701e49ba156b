/**
 * A bike's place on the market: for sale, sold (held or paid for), or taken off it. The only module
 * that writes `listings.status`, and where a bike leaves the market (hidden or deleted) for reasons
 * outside its seller's own edit. Each function runs inside the caller's transaction: the workflows
 * (`src/server/workflows/`) decide the order in which rows are locked (decision 021: orders before
 * listings), these say what a bike may become.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { listingPhotoUploads, listings, orders } from "#server/db/schema.ts";

/**
 * Takes a bike off the market for a buyer (for sale → sold), only if it is still for sale, not
 * hidden, not the buyer's own and, when the buyer says which price they saw, still at that price:
 * the guarded UPDATE lets exactly one of any number of racing bookings win. Its price, or undefined.
 */
export async function takeForBuyer(
  tx: Tx,
  req: { listingId: string; buyerId: string; expectedPrice?: number | undefined },
): Promise<{ price: number } | undefined> {
  const [sold] = await tx
    .update(listings)
    .set({ status: "sold" })
    .where(
      and(
        eq(listings.id, req.listingId),
        eq(listings.status, "available"),
        eq(listings.hidden, false),
        ne(listings.sellerId, req.buyerId),
        req.expectedPrice === undefined ? undefined : eq(listings.askingPrice, req.expectedPrice),
      ),
    )
    .returning({ price: listings.askingPrice });
  return sold;
}

/** Why `takeForBuyer` refused: the bike as it is now (undefined when it does not exist). */
export async function bikeState(tx: Tx, listingId: string) {
  const [row] = await tx
    .select({ sellerId: listings.sellerId, hidden: listings.hidden, status: listings.status })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row;
}

/**
 * A late payment for a bike whose booking ended: sold to that buyer again if it is back on sale and
 * not removed (decision 021). Whether it was.
 */
export async function sellAgain(tx: Tx, listingId: string): Promise<boolean> {
  const [back] = await tx
    .update(listings)
    .set({ status: "sold" })
    .where(and(eq(listings.id, listingId), eq(listings.status, "available"), eq(listings.hidden, false)))
    .returning({ id: listings.id });
  return back !== undefined;
}

/**
 * Puts bikes whose live order has just ended back on sale, whoever ended it (the buyer, the seller,
 * the hold's time, an admin's removal, an account's deletion). Only a bike marked sold with no live
 * order left: the partial unique index allows one live order per bike, and it was the one that ended.
 */
export async function putBackOnSale(tx: Tx, listingIds: string[]): Promise<void> {
  if (listingIds.length === 0) return;
  await tx
    .update(listings)
    .set({ status: "available" })
    .where(
      and(
        inArray(listings.id, listingIds),
        eq(listings.status, "sold"),
        // The listing's id spelled plainly: drizzle qualifies it, and it must be the outer row's.
        sql`not exists (select 1 from ${orders} where ${orders.listingId} = ${listings.id} and ${orders.status} in ('held', 'paid'))`,
      ),
    );
}

/** Locks a bike's row for an admin's removal; undefined when there is none. */
export async function lockBike(tx: Tx, listingId: string) {
  const [row] = await tx
    .select({ hidden: listings.hidden })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for("update");
  return row;
}

/**
 * Takes bikes off the market for good: hidden (and no longer advertised) where an order points at
 * them, so the order and its payment keep their bike; deleted with their photos otherwise (and their
 * reports, by the foreign key's cascade).
 */
export async function takeOffMarket(tx: Tx, listingIds: string[]): Promise<void> {
  if (listingIds.length === 0) return;
  await tx.update(listings).set({ hidden: true, advertised: false }).where(inArray(listings.id, listingIds));
  await tx
    .delete(listings)
    .where(
      and(
        inArray(listings.id, listingIds),
        sql`not exists (select 1 from ${orders} where ${orders.listingId} = ${listings.id})`,
      ),
    );
}

/** Every bike of a seller leaves the market (their account is being deleted); the ids. */
export async function hideSellerListings(tx: Tx, sellerId: string): Promise<string[]> {
  const mine = await tx
    .update(listings)
    .set({ hidden: true, advertised: false })
    .where(eq(listings.sellerId, sellerId))
    .returning({ id: listings.id });
  await tx.delete(listingPhotoUploads).where(eq(listingPhotoUploads.sellerId, sellerId));
  return mine.map((l) => l.id);
}
