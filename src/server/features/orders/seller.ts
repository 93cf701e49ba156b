/**
 * Orders as a bike's seller sees them: My buyers (every booking of their bikes) and the live booking
 * on each of their My products cards. Only the seller's own bikes: the seller is part of every query.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { images, listings, orders, users } from "#server/db/schema.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import { personPhotoJoin } from "#server/features/people/presenter.ts";
import { beforeCursor, decodeCursor, toPage } from "#server/lib/pagination.ts";
import type { ListingOrder } from "#shared/schemas/listings.ts";
import type { SellerBookingsPage } from "#shared/schemas/orders.ts";
import {
  bookingListingPhoto,
  cashWaiting,
  liveOrder,
  sellerBookingColumns,
  toSellerBooking,
} from "./presenter.ts";

/** Every booking of the seller's bikes, in any state, newest first. */
export async function listSellerBookings(
  db: Db,
  seller: AuthUser,
  q: { cursor?: string | undefined; limit: number },
): Promise<SellerBookingsPage> {
  const cursor = decodeCursor(q.cursor);
  const rows = await db
    .select(sellerBookingColumns())
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .innerJoin(...bookingListingPhoto())
    .innerJoin(users, eq(users.id, orders.buyerId))
    .leftJoin(images, personPhotoJoin())
    .where(and(eq(listings.sellerId, seller.id), beforeCursor(orders.createdAt, orders.id, cursor)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.limit + 1);
  const { items, nextCursor } = toPage(rows, q.limit, (r) => ({ createdAt: r.createdAtText, id: r.id }));
  return { items: items.map(toSellerBooking), nextCursor };
}

/**
 * The live booking (held and not yet run out, or paid) of each of these bikes, with its buyer's
 * name: My products says who holds or bought each one. Through the partial unique index on live
 * orders, one probe per bike.
 */
export async function liveOrdersOf(db: Db, listingIds: string[]): Promise<Map<string, ListingOrder>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({
      listingId: orders.listingId,
      status: orders.status,
      holdUntil: orders.holdUntil,
      // A cash mark waiting for the buyer: the hold no longer runs out, so it has no "until".
      cashWaiting: cashWaiting(),
      buyerName: users.name,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(
      and(
        inArray(orders.listingId, listingIds),
        inArray(orders.status, ["held", "paid"]),
        // A hold whose time has passed is not live, swept or not (presenter.ts, orderStatus).
        liveOrder(),
      ),
    );
  return new Map(
    rows.map((r): [string, ListingOrder] => [
      r.listingId,
      {
        status: r.status === "paid" ? "paid" : "held",
        holdUntil: r.status === "held" && !r.cashWaiting ? (r.holdUntil?.toISOString() ?? null) : null,
        buyerName: r.buyerName,
      },
    ]),
  );
}
