import { and, count, desc, eq, inArray, lte, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { listings, orders, users } from "#server/db/schema.ts";
import { Conflict, Forbidden, NotFound } from "#server/errors.ts";
import type { AuthUser } from "#server/features/auth/presenter.ts";
import { listingsByIds, type MyOrderColumn } from "#server/features/listings/service.ts";
import { beforeCursor, decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import { MAX_HELD_ORDERS, type Order, type OrderCreateReq, type OrdersPage } from "#shared/schemas/orders.ts";
import { liveHold, liveOrder, type OrderRow, orderColumns, orderStatus, toOrder } from "./presenter.ts";

/**
 * The viewer's own live order of a bike, as a column of the listing's read (`getListingDetail`): the
 * `buyer` placeholder takes `buyerOf(viewer)`; null (not a buyer) matches no order. Through the
 * partial unique index on live orders (one probe); a hold that has passed is not live (presenter.ts,
 * orderStatus). Text, read back by `read`: one scalar subquery for the three fields.
 */
export const myOrderOf: MyOrderColumn = {
  column: (listingId) =>
    sql<
      string | null
    >`(select json_build_object('id', ${orders.id}, 'status', ${orders.status}, 'holdUntil', case when ${orders.status} = 'held' then floor(extract(epoch from ${orders.holdUntil}) * 1000) end)::text from ${orders} where ${orders.listingId} = ${listingId} and ${orders.status} in ('held', 'paid') and ${orders.buyerId} = ${sql.placeholder("buyer")} and ${liveOrder()})`,
  buyerOf: (viewer) => (viewer?.role === "buyer" ? viewer.id : null),
  read: (value) => {
    if (value === null) return null;
    const o = JSON.parse(value) as { id: string; status: "held" | "paid"; holdUntil: number | null };
    return {
      id: o.id,
      status: o.status,
      holdUntil: o.holdUntil === null ? null : new Date(o.holdUntil).toISOString(),
    };
  },
};

/** The orders with their bikes, read in one query. */
async function withListings(db: Db, rows: OrderRow[]): Promise<Order[]> {
  const byId = await listingsByIds(
    db,
    rows.map((r) => r.listingId),
  );
  return rows.map((r) => toOrder(r, byId.get(r.listingId)!));
}

/**
 * Books a bike: it is held for the buyer (status held, `hold_until` = now + BOOKING_HOLD_MINUTES) and
 * reads as sold to everyone else until the hold is paid, ends or runs out (decision 021). One
 * transaction:
 * 1. locks the buyer's row, so one buyer's bookings run one after another: two at once cannot both
 *    see 2 held and make 4; then refuses a 4th hold (409);
 * 2. expires a hold of this bike that has run out but not been swept yet, so it never blocks a new
 *    buyer (the guarded UPDATE lets exactly one transaction, this or the sweeper, expire it);
 * 3. flips the listing to sold only if it is still available (and, when the buyer says which price
 *    they saw, still at that price), then writes the order; the partial unique index on live orders
 *    is the second line of defence.
 * Of any number of buyers racing for one bike, exactly one wins; the rest get 409. A seller's price
 * edit racing the booking either lands first (409 price changed) or after (the bike is held at the
 * price the buyer saw; the edit is 409).
 */
export async function bookListing(
  db: Db,
  buyer: AuthUser,
  req: OrderCreateReq,
  holdMinutes: number,
): Promise<Order> {
  if (!isUuid(req.listingId)) throw new NotFound(MSG.listing.notFound);
  const orderId = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, buyer.id)).for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.buyerId, buyer.id), liveHold()));
    if ((held?.n ?? 0) >= MAX_HELD_ORDERS) throw new Conflict(MSG.order.tooManyHolds);

    const expired = await expireDueHolds(tx, eq(orders.listingId, req.listingId));
    if (expired.length > 0) await freeListings(tx, [req.listingId]);

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
        status: "held",
        // The database's clock, as the sweeper and every read compare with it (presenter.ts).
        holdUntil: sql`now() + make_interval(mins => ${holdMinutes}::int)`,
      })
      .returning({ id: orders.id });
    return order!.id;
  });
  return getOrder(db, buyer, orderId);
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Marks the held orders whose time has run out (within `where`) expired, and returns them. The
 * guarded UPDATE is what makes expiry happen exactly once: of two transactions (two sweeping nodes,
 * or a sweep and a booking of the bike) the second waits for the first's row lock, then finds the
 * row no longer held and skips it. `ended_at` is when the hold ran out, as reads showed it before.
 */
export function expireDueHolds(tx: Tx, where?: SQL) {
  return tx
    .update(orders)
    .set({ status: "expired", endedAt: sql`${orders.holdUntil}` })
    .where(and(eq(orders.status, "held"), lte(orders.holdUntil, sql`now()`), where))
    .returning({ id: orders.id, listingId: orders.listingId, buyerId: orders.buyerId });
}

/**
 * Puts bikes whose live order has just ended back on sale (here and when an account is deleted). Only a bike marked sold with no live
 * order left: the partial unique index allows one live order per bike, and it was the one that ended.
 */
export async function freeListings(tx: Tx, listingIds: string[]) {
  if (listingIds.length === 0) return;
  await tx
    .update(listings)
    .set({ status: "available" })
    .where(
      and(
        inArray(listings.id, listingIds),
        eq(listings.status, "sold"),
        sql`not exists (select 1 from ${orders} where ${orders.listingId} = ${listings.id} and ${orders.status} in ('held', 'paid'))`,
      ),
    );
}

/**
 * The bikes (`ofBikes`, a condition on orders) leave the market: their held orders are released
 * (passed ones expired) and the bikes put back on sale. Callers run it before they lock the bikes'
 * rows, the lock order of every path here (decision 021): orders, then listings.
 */
export async function releaseHeldOrders(tx: Tx, ofBikes: SQL) {
  const expired = await expireDueHolds(tx, ofBikes);
  const released = await tx
    .update(orders)
    .set({ status: "released", endedAt: sql`now()` })
    .where(and(ofBikes, eq(orders.status, "held")))
    .returning({ listingId: orders.listingId });
  await freeListings(
    tx,
    [...expired, ...released].map((o) => o.listingId),
  );
}

/**
 * Expires every hold that has run out and puts its bike back on sale, in one transaction; safe on
 * several app nodes at once (see expireDueHolds). Returns the orders it expired.
 */
export async function sweepExpiredHolds(db: Db) {
  return db.transaction(async (tx) => {
    const expired = await expireDueHolds(tx);
    await freeListings(
      tx,
      expired.map((o) => o.listingId),
    );
    return expired;
  });
}

/**
 * Ends a held order early: the buyer cancels it (`cancelled`) or the bike's seller releases it
 * (`released`). One transaction whose UPDATE carries the condition (held, hold not run out, and the
 * caller's own), so a payment, a sweep or the other party racing it either lands first (409 with
 * what the order became) or finds it ended.
 */
async function endHold(
  db: Db,
  orderId: string,
  how: "cancelled" | "released",
  owns: (row: { buyerId: string; sellerId: string }) => void,
): Promise<void> {
  if (!isUuid(orderId)) throw new NotFound(MSG.order.notFound);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        buyerId: orders.buyerId,
        sellerId: listings.sellerId,
        listingId: orders.listingId,
        status: orderStatus(),
      })
      .from(orders)
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .where(eq(orders.id, orderId))
      .for("update", { of: orders });
    if (!row) throw new NotFound(MSG.order.notFound);
    owns(row);
    if (row.status !== "held") throw new Conflict(MSG.order.notHeld[row.status]);
    await tx
      .update(orders)
      .set({ status: how, endedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.status, "held")));
    await freeListings(tx, [row.listingId]);
  });
}

/** The buyer lets their unpaid booking go: the bike is for sale again. */
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
