/**
 * Cash at the meeting, the orders table's side: the seller's mark, the buyer's dispute, and the
 * admins' list of disputes. Confirming (a `cash` payment, the order paid) and an admin's decision
 * span payments and the bike: `workflows/cash-deal.ts` composes them in decision 021's lock order.
 */
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "#server/db/client.ts";
import { listings, orders, users } from "#server/db/schema.ts";
import { NotFound } from "#server/errors.ts";
import { beforeCursor, decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import type { CashDisputesPage } from "#shared/schemas/orders.ts";
import { orderStatus, toCashDispute } from "./presenter.ts";

const buyer = alias(users, "cash_buyer");
const seller = alias(users, "cash_seller");

/**
 * The order's row locked for a cash step (mark, confirm, dispute, an admin's decision), with its
 * state as every read derives it, its bike's seller and model, and both people's names. 404 for none.
 */
export async function lockOrderForCash(tx: Tx, orderId: string) {
  if (!isUuid(orderId)) throw new NotFound(MSG.order.notFound);
  const [row] = await tx
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      buyerName: buyer.name,
      sellerId: listings.sellerId,
      sellerName: seller.name,
      listingId: orders.listingId,
      model: listings.model,
      price: orders.price,
      status: orderStatus(),
      cashMarkedAt: orders.cashMarkedAt,
      cashDisputedAt: orders.cashDisputedAt,
    })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, listings.sellerId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  if (!row) throw new NotFound(MSG.order.notFound);
  return row;
}

/** The seller's mark: paid in cash at the meeting (the caller checked the order is held and unmarked). */
export async function setCashMark(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ cashMarkedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, "held"), isNull(orders.cashMarkedAt)));
}

/**
 * The buyer's "No, I didn't": the mark stands disputed (an admin decides) and the hold runs again
 * for a whole hold from now, so the bike is neither stuck for ever nor lost while the buyer can
 * still pay by card, the seller release it, or an admin decide.
 */
export async function setCashDispute(
  tx: Tx,
  orderId: string,
  holdMinutes: number,
  reason: string | null,
): Promise<void> {
  await tx
    .update(orders)
    .set({
      cashDisputedAt: sql`now()`,
      cashDisputeReason: reason,
      holdUntil: sql`greatest(${orders.holdUntil}, now() + make_interval(mins => ${holdMinutes}::int))`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, "held"), isNull(orders.cashDisputedAt)));
}

/**
 * The admins' list: held bookings whose buyer disputed the seller's cash mark, newest dispute first.
 * A disputed booking that was paid by card, ended or decided is no longer open and leaves the list.
 */
export async function listCashDisputes(
  db: Db,
  q: { cursor?: string | undefined; limit: number },
): Promise<CashDisputesPage> {
  const cursor = decodeCursor(q.cursor);
  const rows = await db
    .select({
      orderId: orders.id,
      listingId: orders.listingId,
      model: listings.model,
      price: orders.price,
      buyerId: buyer.id,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      sellerId: seller.id,
      sellerName: seller.name,
      sellerEmail: seller.email,
      markedAt: orders.cashMarkedAt,
      disputedAt: orders.cashDisputedAt,
      reason: orders.cashDisputeReason,
      disputedAtText: sql<string>`${orders.cashDisputedAt}::text`,
      holdUntil: orders.holdUntil,
    })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, listings.sellerId))
    .where(
      and(
        isNotNull(orders.cashDisputedAt),
        sql`${orderStatus()} = 'held'`,
        beforeCursor(orders.cashDisputedAt, orders.id, cursor),
      ),
    )
    .orderBy(desc(orders.cashDisputedAt), desc(orders.id))
    .limit(q.limit + 1);
  const page = toPage(rows, q.limit, (r) => ({ createdAt: r.disputedAtText, id: r.orderId }));
  return { items: page.items.map(toCashDispute), nextCursor: page.nextCursor };
}
