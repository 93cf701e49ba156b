/**
 * The handover of a card-paid order (decision 028): MotoHaat holds the money until the buyer says they
 * have the bike and its papers, or until `release_due_at`, whichever comes first. These are the
 * orders table's side of it; `workflows/money-release.ts` records the money's movement in the ledger.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { listings, orders } from "#server/db/schema.ts";
import { Conflict, Forbidden, NotFound } from "#server/errors.ts";
import { isUuid } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";

/** Money due to a seller from one order: its whole price, in taka. */
export type DueMoney = { orderId: string; sellerId: string; price: number };

/**
 * The buyer's "I have the bike and its papers" on their card-paid order, under its row lock: the
 * handover is recorded and the held money released now. The money released by this call, or null when
 * it had gone to the seller already (on its due date, or an earlier confirmation): saying it twice is
 * no error.
 */
export async function confirmHandoverOf(tx: Tx, buyerId: string, orderId: string): Promise<DueMoney | null> {
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
      sellerId: listings.sellerId,
    })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  if (!order) throw new NotFound(MSG.order.notFound);
  if (order.buyerId !== buyerId) throw new Forbidden(MSG.order.notYours);
  if (order.status !== "paid") throw new Conflict(MSG.handover.notPaid);
  // Cash changed hands at the meeting: there is no money of MotoHaat's to release.
  if (order.releaseDueAt === null) throw new Conflict(MSG.handover.cash);
  if (order.handedOverAt !== null) return null;
  await tx
    .update(orders)
    .set({ handedOverAt: sql`now()`, moneyReleasedAt: sql`coalesce(${orders.moneyReleasedAt}, now())` })
    .where(eq(orders.id, order.id));
  return order.moneyReleasedAt === null
    ? { orderId: order.id, sellerId: order.sellerId, price: order.price }
    : null;
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
