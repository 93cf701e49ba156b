/**
 * The handover of a card-paid order (decision 028): MotoHaat holds the money until the buyer says they
 * have the bike and its papers, or until `release_due_at`, whichever comes first. These are the
 * orders table's side of it; `workflows/money-release.ts` records the money's movement in the ledger.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { handoverDisputes, listings, orders } from "#server/db/schema.ts";
import { Conflict, Forbidden, NotFound } from "#server/errors.ts";
import { isUuid } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";

/** Money due to a seller from one order: its whole price, in taka. */
export type DueMoney = { orderId: string; sellerId: string; price: number };

/**
 * A card-paid order's money under its row lock: who bought and sold it, the price, and where the money
 * is (due date, handover, release, the buyer's dispute). 404 for none; 403 when `buyerId` is given and
 * is not the buyer; 409 for an order not paid, or paid in cash (MotoHaat holds no money for it).
 */
export async function lockOrderMoney(tx: Tx, orderId: string, buyerId?: string) {
  if (!isUuid(orderId)) throw new NotFound(MSG.order.notFound);
  const [order] = await tx
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      status: orders.status,
      price: orders.price,
      releaseDueAt: orders.releaseDueAt,
      handedOverAt: orders.handedOverAt,
      moneyReleasedAt: orders.moneyReleasedAt,
      releaseDuePassed: sql<boolean>`${orders.releaseDueAt} <= now()`,
      sellerId: listings.sellerId,
      listingId: listings.id,
      model: listings.model,
      disputeOpenedAt: handoverDisputes.openedAt,
      disputeDecision: handoverDisputes.decision,
      disputeNote: handoverDisputes.note,
    })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .leftJoin(handoverDisputes, eq(handoverDisputes.orderId, orders.id))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  if (!order) throw new NotFound(MSG.order.notFound);
  if (buyerId !== undefined && order.buyerId !== buyerId) throw new Forbidden(MSG.order.notYours);
  if (order.status !== "paid") throw new Conflict(MONEY_MSG.handover.notPaid);
  // Cash changed hands at the meeting: there is no money of MotoHaat's to release.
  if (order.releaseDueAt === null) throw new Conflict(MONEY_MSG.handover.cash);
  return order;
}

/**
 * The buyer's "I have the bike and its papers" on their card-paid order, under its row lock: the
 * handover is recorded and the held money released now. The money released by this call, or null when
 * it had gone to the seller already (on its due date, or an earlier confirmation): saying it twice is
 * no error. A disputed handover is the admin's to settle (409).
 */
export async function confirmHandoverOf(tx: Tx, buyerId: string, orderId: string): Promise<DueMoney | null> {
  const order = await lockOrderMoney(tx, orderId, buyerId);
  if (order.handedOverAt !== null) return null;
  if (order.disputeOpenedAt !== null)
    throw new Conflict(
      order.disputeDecision === null ? MONEY_MSG.dispute.handoverDisputed : MONEY_MSG.dispute.notHeld,
    );
  await tx
    .update(orders)
    .set({ handedOverAt: sql`now()`, moneyReleasedAt: sql`coalesce(${orders.moneyReleasedAt}, now())` })
    .where(eq(orders.id, order.id));
  return order.moneyReleasedAt === null
    ? { orderId: order.id, sellerId: order.sellerId, price: order.price }
    : null;
}

/** An admin released a disputed order's money: it is marked released (the caller locked the order). */
export async function markMoneyReleased(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ moneyReleasedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.moneyReleasedAt)));
}

/**
 * Held money whose time has come (at most `limit` orders, the longest due first), marked released.
 * Every node sweeps: `for update skip locked` and the guarded `money_released_at is null` let one
 * node take a given order and the others pass it by, so each is released exactly once.
 */
export async function takeDueMoney(tx: Tx, limit: number): Promise<DueMoney[]> {
  const due = tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "paid"),
        isNotNull(orders.releaseDueAt),
        isNull(orders.moneyReleasedAt),
        lte(orders.releaseDueAt, sql`now()`),
        // A disputed order's money waits for an admin's decision; a decided one went where it decided.
        sql`not exists (select 1 from ${handoverDisputes} d where d.order_id = ${orders.id})`,
      ),
    )
    .orderBy(asc(orders.releaseDueAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const taken = await tx
    .update(orders)
    .set({ moneyReleasedAt: sql`now()` })
    .where(and(inArray(orders.id, due), isNull(orders.moneyReleasedAt)))
    .returning({ orderId: orders.id, listingId: orders.listingId, price: orders.price });
  if (taken.length === 0) return [];
  const sellers = await tx
    .select({ id: listings.id, sellerId: listings.sellerId })
    .from(listings)
    .where(
      inArray(
        listings.id,
        taken.map((t) => t.listingId),
      ),
    );
  const sellerOf = new Map(sellers.map((s) => [s.id, s.sellerId]));
  return taken.map((t) => ({ orderId: t.orderId, sellerId: sellerOf.get(t.listingId)!, price: t.price }));
}
