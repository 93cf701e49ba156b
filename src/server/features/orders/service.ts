import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { images, listings, orders, users } from "#server/db/schema.ts";
import { Conflict, Forbidden, NotFound } from "#server/errors.ts";
import type { AuthUser } from "#server/features/auth/presenter.ts";
import { listingsByIds } from "#server/features/listings/service.ts";
import { personColumns, personPhotoJoin } from "#server/features/people/presenter.ts";
import { beforeCursor, decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import type { BuyersPage, Order, OrderCreateReq, OrdersPage } from "#shared/schemas/orders.ts";
import { type OrderRow, orderColumns, toBuyer, toOrder } from "./presenter.ts";

/** The orders with their bikes, read in one query. */
async function withListings(db: Db, rows: OrderRow[]): Promise<Order[]> {
  const byId = await listingsByIds(
    db,
    rows.map((r) => r.listingId),
  );
  return rows.map((r) => toOrder(r, byId.get(r.listingId)!));
}

/**
 * Books a bike: one transaction that flips the listing to sold only if it is still available (and,
 * when the buyer says which price they saw, still at that price), then writes the order
 * (orders.listing_id is UNIQUE as a second line of defence). Of any number of buyers racing for one
 * bike, exactly one wins; the rest get 409. A seller's price edit racing the booking either lands
 * first (409 price changed) or after (the bike is sold at the price the buyer saw; the edit is 409).
 */
export async function bookListing(db: Db, buyer: AuthUser, req: OrderCreateReq): Promise<Order> {
  if (!isUuid(req.listingId)) throw new NotFound(MSG.listing.notFound);
  const orderId = await db.transaction(async (tx) => {
    const [sold] = await tx
      .update(listings)
      .set({ status: "sold" })
      .where(
        and(
          eq(listings.id, req.listingId),
          eq(listings.status, "available"),
          eq(listings.hidden, false),
          ne(listings.sellerId, buyer.id),
          req.expectedPrice === undefined ? undefined : eq(listings.askingPrice, req.expectedPrice),
        ),
      )
      .returning({ price: listings.askingPrice });
    if (!sold) {
      const [row] = await tx
        .select({ sellerId: listings.sellerId, hidden: listings.hidden, status: listings.status })
        .from(listings)
        .where(eq(listings.id, req.listingId));
      if (!row || row.hidden) throw new NotFound(MSG.listing.notFound);
      if (row.sellerId === buyer.id) throw new Forbidden(MSG.order.ownBike);
      // Still for sale, so it was the price that did not match.
      throw new Conflict(row.status === "available" ? MSG.order.priceChanged : MSG.order.justSold);
    }
    const [order] = await tx
      .insert(orders)
      .values({
        listingId: req.listingId,
        buyerId: buyer.id,
        price: sold.price,
        phone: req.phone,
        meetingLocation: req.meetingLocation,
      })
      .returning({ id: orders.id });
    return order!.id;
  });
  return getOrder(db, buyer, orderId);
}

export async function getOrder(db: Db, buyer: AuthUser, id: string): Promise<Order> {
  if (!isUuid(id)) throw new NotFound(MSG.order.notFound);
  const [row] = await db.select(orderColumns()).from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) throw new NotFound(MSG.order.notFound);
  if (row.buyerId !== buyer.id) throw new Forbidden(MSG.order.notYours);
  const [order] = await withListings(db, [row]);
  return order!;
}

export async function listMyOrders(
  db: Db,
  buyer: AuthUser,
  q: { cursor?: string | undefined; limit: number },
): Promise<OrdersPage> {
  const cursor = decodeCursor(q.cursor);
  const rows = await db
    .select(orderColumns())
    .from(orders)
    .where(and(eq(orders.buyerId, buyer.id), beforeCursor(orders.createdAt, orders.id, cursor)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.limit + 1);
  const { items, nextCursor } = toPage(rows, q.limit, (r) => ({ createdAt: r.createdAtText, id: r.id }));
  return { items: await withListings(db, items), nextCursor };
}

/**
 * Distinct buyers, newest booking first, each with the phone from their latest booking.
 * `sellerId` narrows to the buyers of one seller's bikes (My buyers); without it, every buyer.
 */
export async function listBuyers(
  db: Db,
  q: { sellerId?: string; cursor?: string | undefined; limit: number },
): Promise<BuyersPage> {
  const cursor = decodeCursor(q.cursor);
  const latest = db
    .selectDistinctOn([orders.buyerId], {
      buyerId: orders.buyerId,
      phone: orders.phone,
      lastAt: sql<Date>`${orders.createdAt}`.as("last_at"),
    })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(q.sellerId ? eq(listings.sellerId, q.sellerId) : undefined)
    .orderBy(orders.buyerId, desc(orders.createdAt))
    .as("latest");
  const rows = await db
    .select({
      ...personColumns(),
      phone: latest.phone,
      lastAtText: sql<string>`${latest.lastAt}::text`,
    })
    .from(latest)
    .innerJoin(users, eq(users.id, latest.buyerId))
    .leftJoin(images, personPhotoJoin())
    .where(
      cursor
        ? sql`(${latest.lastAt}, ${latest.buyerId}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(latest.lastAt), desc(latest.buyerId))
    .limit(q.limit + 1);
  const { items, nextCursor } = toPage(rows, q.limit, (r) => ({ createdAt: r.lastAtText, id: r.id }));
  return { items: items.map(toBuyer), nextCursor };
}
