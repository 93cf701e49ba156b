/**
 * Handover disputes, the orders' side (issue 23, decision 028): a buyer's "something is wrong" on a
 * card-paid order whose money MotoHaat holds, an admin's decision, and the admins' list of open ones.
 * The money's movement (a refund through the provider, or a release) and everyone's notices are
 * composed by `workflows/handover-disputes.ts`.
 */
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "#server/db/client.ts";
import { handoverDisputes, listings, orders, payments, users } from "#server/db/schema.ts";
import { Conflict, NotFound } from "#server/errors.ts";
import { beforeCursor, decodeCursor, toPage } from "#server/lib/pagination.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { DecideDisputeReq, DisputeHandoverReq } from "#shared/schemas/money.ts";
import type { lockOrderMoney } from "./handover.ts";

type OrderMoney = Awaited<ReturnType<typeof lockOrderMoney>>;

/**
 * The buyer may dispute while MotoHaat holds the money and its due date has not come: not after a
 * handover, a release or a refund (409), nor twice.
 */
export async function openDispute(tx: Tx, order: OrderMoney, req: DisputeHandoverReq): Promise<void> {
  if (order.disputeOpenedAt !== null) throw new Conflict(MONEY_MSG.dispute.alreadyReported);
  if (order.moneyReleasedAt !== null) throw new Conflict(MONEY_MSG.dispute.notHeld);
  if (order.releaseDuePassed) throw new Conflict(MONEY_MSG.dispute.tooLate);
  await tx.insert(handoverDisputes).values({ orderId: order.id, ...req });
}

/** An admin's decision on an open dispute (the caller holds the order's lock): 404 for none, 409 once decided. */
export async function settleDispute(tx: Tx, order: OrderMoney, req: DecideDisputeReq): Promise<void> {
  if (order.disputeOpenedAt === null) throw new NotFound(MONEY_MSG.dispute.notFound);
  const decided = await tx
    .update(handoverDisputes)
    .set({ decision: req.decision, note: req.note, decidedAt: sql`now()` })
    .where(and(eq(handoverDisputes.orderId, order.id), isNull(handoverDisputes.decidedAt)))
    .returning({ orderId: handoverDisputes.orderId });
  if (decided.length === 0) throw new Conflict(MONEY_MSG.dispute.notOpen);
}

const buyer = alias(users, "dispute_buyer");
const seller = alias(users, "dispute_seller");

/**
 * Open disputes, newest first: the order, its bike, both people (to write or call) and what was said;
 * and those decided `refund` whose refund the provider has not made yet (an admin asks again).
 */
export async function listOpenDisputes(db: Db, q: { cursor?: string | undefined; limit: number }) {
  const cursor = decodeCursor(q.cursor);
  const rows = await db
    .select({
      orderId: orders.id,
      listingId: orders.listingId,
      model: listings.model,
      price: orders.price,
      paidAt: orders.paidAt,
      releaseDueAt: orders.releaseDueAt,
      // The phone the buyer gave at booking; the seller's own.
      buyer: { id: buyer.id, name: buyer.name, email: buyer.email, phone: orders.phone },
      seller: { id: seller.id, name: seller.name, email: seller.email, phone: seller.phone },
      reason: handoverDisputes.reason,
      description: handoverDisputes.description,
      openedAt: handoverDisputes.openedAt,
      decision: handoverDisputes.decision,
      decidedAt: handoverDisputes.decidedAt,
      note: handoverDisputes.note,
      openedAtText: sql<string>`${handoverDisputes.openedAt}::text`,
    })
    .from(handoverDisputes)
    .innerJoin(orders, eq(orders.id, handoverDisputes.orderId))
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, listings.sellerId))
    .where(
      and(
        or(
          isNull(handoverDisputes.decidedAt),
          // A refund decided whose provider call failed stays until it is made (the same decision again).
          and(
            eq(handoverDisputes.decision, "refund"),
            sql`exists (select 1 from ${payments} p where p.order_id = ${orders.id} and p.refunded_at is null)`,
          ),
        ),
        beforeCursor(handoverDisputes.openedAt, handoverDisputes.orderId, cursor),
      ),
    )
    .orderBy(desc(handoverDisputes.openedAt), desc(handoverDisputes.orderId))
    .limit(q.limit + 1);
  return toPage(rows, q.limit, (r) => ({ createdAt: r.openedAtText, id: r.orderId }));
}
