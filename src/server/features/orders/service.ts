import {
  type AnyColumn,
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lte,
  ne,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { listings, orders } from "#server/db/schema.ts";
import { Conflict, Forbidden, NotFound } from "#server/errors.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import { beforeCursor, decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import type { MyOrder } from "#shared/schemas/listings.ts";
import { MAX_HELD_ORDERS, type OrderCreateReq } from "#shared/schemas/orders.ts";
import { cashWaiting, liveHold, liveOrder, type OrderRow, orderColumns, orderStatus } from "./presenter.ts";

/**
 * The orders feature: the `orders` table and every rule about an order on its own. Work that also
 * moves a bike on or off the market (booking, ending a hold, paying) is composed in
 * `src/server/workflows/`, which calls these inside its transaction in decision 021's lock order.
 */

/**
 * The viewer's own live order of a bike, as a column of the listing's read (`getListingDetail`): the
 * `buyer` placeholder takes `buyerOf(viewer)`; null (not a buyer) matches no order. Through the
 * partial unique index on live orders (one probe); a hold that has passed is not live (presenter.ts,
 * orderStatus). Text, read back by `read`: one scalar subquery for the three fields.
 */
export const myOrderOf = {
  column: (listingId: AnyColumn) =>
    sql<
      string | null
    >`(select json_build_object('id', ${orders.id}, 'status', ${orders.status}, 'holdUntil', case when ${orders.status} = 'held' and not ${cashWaiting()} then floor(extract(epoch from ${orders.holdUntil}) * 1000) end)::text from ${orders} where ${orders.listingId} = ${listingId} and ${orders.status} in ('held', 'paid') and ${orders.buyerId} = ${sql.placeholder("buyer")} and ${liveOrder()})`,
  buyerOf: (viewer: AuthUser | null) => (viewer?.role === "buyer" ? viewer.id : null),
  read: (value: string | null): MyOrder | null => {
    if (value === null) return null;
    const o = JSON.parse(value) as { id: string; status: "held" | "paid"; holdUntil: number | null };
    return {
      id: o.id,
      status: o.status,
      holdUntil: o.holdUntil === null ? null : new Date(o.holdUntil).toISOString(),
    };
  },
};

/**
 * The buyer may hold one more bike: fewer than MAX_HELD_ORDERS live holds (409 otherwise). Runs after
 * the buyer's row is locked (`lockLiveAccount`), so two bookings at once cannot both see two and make four.
 */
export async function refuseTooManyHolds(tx: Tx, buyerId: string): Promise<void> {
  const [held] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), liveHold()));
  if ((held?.n ?? 0) >= MAX_HELD_ORDERS) throw new Conflict(MSG.order.tooManyHolds);
}

/** The held order a booking makes, held until now + `holdMinutes` by the database's clock; its id. */
export async function insertHeldOrder(
  tx: Tx,
  buyerId: string,
  req: OrderCreateReq,
  price: number,
  holdMinutes: number,
  /** The accepted offer whose price this booking takes (instead of the asking price). */
  offerId?: string,
): Promise<string> {
  const [order] = await tx
    .insert(orders)
    .values({
      listingId: req.listingId,
      buyerId,
      price,
      offerId,
      phone: req.phone,
      meetingLocation: req.meetingLocation,
      status: "held",
      // The database's clock, as the sweeper and every read compare with it (presenter.ts).
      holdUntil: sql`now() + make_interval(mins => ${holdMinutes}::int)`,
    })
    .returning({ id: orders.id });
  return order!.id;
}

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
    .where(
      and(
        eq(orders.status, "held"),
        lte(orders.holdUntil, sql`now()`),
        // A cash mark waiting for the buyer keeps the bike held until they answer.
        sql`not ${cashWaiting()}`,
        where,
      ),
    )
    .returning({ id: orders.id, listingId: orders.listingId, buyerId: orders.buyerId });
}

/**
 * The held orders within `where` end `how`; those whose time had already run out are expired
 * instead (when they ran out). Returns their bikes, which the caller puts back on sale.
 */
async function endHeldOrders(tx: Tx, where: SQL, how: "released" | "cancelled"): Promise<string[]> {
  const expired = await expireDueHolds(tx, where);
  const ended = await tx
    .update(orders)
    .set({ status: how, endedAt: sql`now()` })
    .where(and(where, eq(orders.status, "held")))
    .returning({ listingId: orders.listingId });
  return [...expired, ...ended].map((o) => o.listingId);
}

/**
 * The held orders of some bikes (`ofBikes`, a condition on orders) end because the bikes leave the
 * market: released (passed ones expired). Returns their bikes, which the caller puts back on sale.
 */
export function releaseHeldOrders(tx: Tx, ofBikes: SQL): Promise<string[]> {
  return endHeldOrders(tx, ofBikes, "released");
}

/**
 * A buyer whose account is being deleted: their unpaid bookings end (cancelled; passed ones expired)
 * and the phone they gave for a meeting that will not happen now is cleared, with any words of
 * theirs on a disputed cash mark (a paid order keeps its phone).
 * Returns the bikes, which the caller puts back on sale.
 */
export async function endBuyerBookings(tx: Tx, buyerId: string): Promise<string[]> {
  const ended = await endHeldOrders(tx, eq(orders.buyerId, buyerId), "cancelled");
  await tx
    .update(orders)
    .set({ phone: "", cashDisputeReason: null })
    .where(and(eq(orders.buyerId, buyerId), ne(orders.status, "paid")));
  return ended;
}

/**
 * Ends a held order early: the buyer cancels it (`cancelled`) or the bike's seller releases it
 * (`released`). The order's row is locked and `owns` checks the caller's right to it; the UPDATE
 * carries the condition (held, hold not run out), so a payment, a sweep or the other party racing it
 * either landed first (409 with what the order became) or finds it ended. Returns its bike.
 */
export async function endHeldOrder(
  tx: Tx,
  orderId: string,
  how: "cancelled" | "released",
  owns: (row: { buyerId: string; sellerId: string }) => void,
): Promise<string> {
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
  return row.listingId;
}

/** The buyer's own order (403 for someone else's, 404 for none), as its row. */
export async function ownOrderRow(db: Db, buyer: AuthUser, id: string): Promise<OrderRow> {
  if (!isUuid(id)) throw new NotFound(MSG.order.notFound);
  const [row] = await db.select(orderColumns()).from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) throw new NotFound(MSG.order.notFound);
  if (row.buyerId !== buyer.id) throw new Forbidden(MSG.order.notYours);
  return row;
}

/** My orders: the buyer's orders, newest first, a page of rows. */
export async function myOrderRows(
  db: Db,
  buyer: AuthUser,
  q: { cursor?: string | undefined; limit: number },
) {
  const cursor = decodeCursor(q.cursor);
  const rows = await db
    .select(orderColumns())
    .from(orders)
    .where(and(eq(orders.buyerId, buyer.id), beforeCursor(orders.createdAt, orders.id, cursor)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.limit + 1);
  return toPage(rows, q.limit, (r) => ({ createdAt: r.createdAtText, id: r.id }));
}

/** An order with its state as every read shows it (a passed hold reads `expired`: presenter.ts). */
function orderWithState() {
  return { ...getTableColumns(orders), state: orderStatus() };
}

/** The buyer's own order for paying it, with its state (403 someone else's, 404 none). */
export async function orderForPayment(db: Db, buyer: AuthUser, orderId: string) {
  if (!isUuid(orderId)) throw new NotFound(MSG.order.notFound);
  const [order] = await db.select(orderWithState()).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new NotFound(MSG.order.notFound);
  if (order.buyerId !== buyer.id) throw new Forbidden(MSG.order.notYours);
  return order;
}

/** The order a payment intent was made for, with its state; undefined when none. */
export async function orderOfIntent(db: Db, intentId: string) {
  const [order] = await db
    .select(orderWithState())
    .from(orders)
    .where(eq(orders.paymentIntentId, intentId))
    .limit(1);
  return order;
}

/**
 * Attaches the intent the buyer pays with, in place of `previous` (null: none yet): false when
 * another request attached its own first.
 */
export async function attachIntent(
  db: Db,
  orderId: string,
  previous: string | null,
  intentId: string,
): Promise<boolean> {
  const claimed = await db
    .update(orders)
    .set({ paymentIntentId: intentId })
    .where(
      and(
        eq(orders.id, orderId),
        previous ? eq(orders.paymentIntentId, previous) : isNull(orders.paymentIntentId),
      ),
    )
    .returning({ id: orders.id });
  return claimed.length > 0;
}

/** The intent attached to an order now. */
export async function intentOfOrder(db: Db, orderId: string): Promise<string | null> {
  const [row] = await db.select({ id: orders.paymentIntentId }).from(orders).where(eq(orders.id, orderId));
  return row?.id ?? null;
}

/** The order's row, locked for recording its payment; undefined when none. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order;
}

/** The bike of each of these orders, by order id (for statements that name it). */
export async function bikesOfOrders(db: Db, orderIds: string[]): Promise<Map<string, { model: string }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orders.id, model: listings.model })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(inArray(orders.id, orderIds));
  return new Map(rows.map((r) => [r.orderId, { model: r.model }]));
}

/** Who sells the order's bike. */
export async function sellerOfOrder(tx: Tx, orderId: string): Promise<string> {
  const [row] = await tx
    .select({ sellerId: listings.sellerId })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(eq(orders.id, orderId));
  if (!row) throw new Error(`order ${orderId} has no listing`);
  return row.sellerId;
}

/**
 * The order is paid: the bike is the buyer's. Card money is held by MotoHaat until the handover, at
 * most `holdMoneyDays` days by the database's clock (decision 028); cash (null) was handed over already.
 */
export async function markPaid(tx: Tx, orderId: string, holdMoneyDays: number | null): Promise<void> {
  await tx
    .update(orders)
    .set({
      status: "paid",
      paidAt: new Date(),
      endedAt: null,
      releaseDueAt: holdMoneyDays === null ? null : sql`now() + make_interval(days => ${holdMoneyDays}::int)`,
    })
    .where(eq(orders.id, orderId));
}
