/**
 * A disputed handover (issue 23, decision 028): the buyer of a card-paid order says the handover did
 * not happen or the bike is not as described, and the money MotoHaat holds stays held (the release
 * sweep passes the order by) until an admin refunds the buyer through the payment provider or releases
 * the money to the seller, with a note both read. Each step is one transaction under the order's
 * lock: the dispute, the ledger's entries, the admin's action in the money log and both notices.
 */
import type { MoneyRules } from "#server/config.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { Conflict, NotFound } from "#server/errors.ts";
import { actionOfOrder, recordMoneyAction, recordOrderEntry } from "#server/features/ledger/service.ts";
import { conversationsAbout, newestMessages } from "#server/features/messages/reported.ts";
import { notify } from "#server/features/notifications/service.ts";
import { listOpenDisputes, openDispute, settleDispute } from "#server/features/orders/disputes.ts";
import { lockOrderMoney, markMoneyReleased } from "#server/features/orders/handover.ts";
import { toHandoverDispute } from "#server/features/orders/presenter.ts";
import type { PaymentProvider } from "#server/features/payments/provider/provider.ts";
import { markRefunded, paymentOfOrder } from "#server/features/payments/service.ts";
import { type AuthUser, isDeletedAccountEmail, lockLiveAccount } from "#server/features/people/accounts.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { DecideDisputeReq, DisputeHandoverReq, HandoverDisputesPage } from "#shared/schemas/money.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { toPoisha } from "#shared/schemas/payments.ts";
import { getOrder } from "./buyer-orders.ts";
import { recordRelease } from "./money-release.ts";

/** Where each person follows it: the buyer's order, the seller's My buyers. */
const buyerLink = (orderId: string) => `/dashboard/payment/${orderId}`;
const SELLER_LINK = "/dashboard/mybuyers";

/** The buyer's "something is wrong": the money stays held and the seller is told. The order as it is now. */
export async function disputeHandover(
  db: Db,
  buyer: AuthUser,
  orderId: string,
  req: DisputeHandoverReq,
): Promise<Order> {
  await db.transaction(async (tx) => {
    await lockLiveAccount(tx, buyer.id);
    const order = await lockOrderMoney(tx, orderId, buyer.id);
    await openDispute(tx, order, req);
    await notify(tx, {
      userId: order.sellerId,
      kind: "handoverDisputed",
      data: {
        title: MONEY_MSG.dispute.notifyOpenedTitle(order.model),
        body: MONEY_MSG.dispute.notifyOpenedBody(buyer.name, MONEY_MSG.dispute.reasons[req.reason]),
        link: SELLER_LINK,
        bike: { model: order.model, price: order.price },
      },
    });
  });
  return getOrder(db, buyer, orderId);
}

/** A closed account's placeholder address is no address. */
const emailOf = (email: string) => (isDeletedAccountEmail(email) ? null : email);

/**
 * The admins' list: open disputes (and refunds decided but not yet made), newest first, each with both
 * people and their messages about the bike.
 */
export async function listHandoverDisputes(
  db: Db,
  q: { cursor?: string | undefined; limit: number },
): Promise<HandoverDisputesPage> {
  const page = await listOpenDisputes(db, q);
  const pairKey = (r: { listingId: string; buyer: { id: string } }) => `${r.listingId}:${r.buyer.id}`;
  const talks = await conversationsAbout(
    db,
    page.items.map((r) => ({ listingId: r.listingId, buyerId: r.buyer.id })),
  );
  const lines = await newestMessages(db, [...talks.values()]);
  return {
    items: page.items.map((r) => ({
      orderId: r.orderId,
      listing: { id: r.listingId, model: r.model },
      price: r.price,
      paidAt: r.paidAt!.toISOString(),
      releaseDueAt: r.releaseDueAt!.toISOString(),
      buyer: { ...r.buyer, email: emailOf(r.buyer.email) },
      seller: { ...r.seller, email: emailOf(r.seller.email) },
      dispute: toHandoverDispute({
        reason: r.reason,
        description: r.description,
        openedAt: r.openedAt.toISOString(),
        decision: r.decision,
        decidedAt: r.decidedAt?.toISOString() ?? null,
        note: r.note,
        // The list holds open disputes and refunds decided but not yet made: none refunded.
        refundedAt: null,
      }),
      messages: lines.get(talks.get(pairKey(r)) ?? "") ?? [],
    })),
    nextCursor: page.nextCursor,
  };
}

type DisputedOrder = Awaited<ReturnType<typeof lockOrderMoney>>;

/** Both people hear the decision, with the admin's note: the buyer on their order, the seller where the money shows. */
async function tellDecision(
  tx: Tx,
  order: DisputedOrder,
  decision: DecideDisputeReq["decision"],
  note: string,
) {
  const data = {
    title:
      decision === "refund"
        ? MONEY_MSG.dispute.notifyRefundedTitle(order.model)
        : MONEY_MSG.dispute.notifyReleasedTitle(order.model),
    body: MONEY_MSG.dispute.adminNote(note),
    bike: { model: order.model, price: order.price },
  };
  await notify(tx, [
    { userId: order.buyerId, kind: "disputeDecided", data: { ...data, link: buyerLink(order.id) } },
    {
      userId: order.sellerId,
      kind: "disputeDecided",
      data: { ...data, link: decision === "release" ? "/dashboard/earnings" : SELLER_LINK },
    },
  ]);
}

/** The order of a dispute an admin decides, locked: 404 when there is no card-paid order to decide. */
async function lockDisputedOrder(tx: Tx, admin: AuthUser, orderId: string): Promise<DisputedOrder> {
  await lockLiveAccount(tx, admin.id);
  return lockOrderMoney(tx, orderId).catch((err: unknown) => {
    // No order, or one MotoHaat holds no money of (unpaid, cash): there is no dispute to decide.
    if (err instanceof NotFound || err instanceof Conflict) throw new NotFound(MONEY_MSG.dispute.notFound);
    throw err;
  });
}

/**
 * An admin decides an open dispute, logged in the money log with their name and note, both people told
 * with the note.
 *
 * `release`: one transaction under the order's lock, the money to the seller's balance less the fee
 * as a confirmed handover's would.
 *
 * `refund`: the provider cannot join a transaction, so it goes in three steps. The decision first,
 * under the order's lock (a second admin's decision then finds it decided: the money cannot be both
 * refunded and released); then the provider gives the buyer's money back; then the refund is recorded
 * (payment marked, the ledger's `refunded` entry) and both people told, in one transaction. Should the
 * provider fail (503), the money stays held and the decision stands: the same decision again asks the
 * provider again (it refunds an intent once however often asked) and records it.
 */
export async function decideHandoverDispute(
  db: Db,
  provider: PaymentProvider,
  admin: AuthUser,
  orderId: string,
  req: DecideDisputeReq,
  money: MoneyRules,
): Promise<void> {
  if (req.decision === "release") {
    await db.transaction(async (tx) => {
      const order = await lockDisputedOrder(tx, admin, orderId);
      await settleDispute(tx, order, req);
      const actionId = await recordMoneyAction(tx, {
        action: "release",
        adminId: admin.id,
        sellerId: order.sellerId,
        orderId: order.id,
        amount: toPoisha(order.price),
        note: req.note,
      });
      await markMoneyReleased(tx, order.id);
      await recordRelease(
        tx,
        { orderId: order.id, sellerId: order.sellerId, price: order.price },
        money,
        actionId,
      );
      await tellDecision(tx, order, "release", req.note);
    });
    return;
  }

  const decided = await db.transaction(async (tx) => {
    const order = await lockDisputedOrder(tx, admin, orderId);
    const payment = (await paymentOfOrder(tx, order.id))!;
    const pending = order.disputeDecision === "refund" && payment.refundedAt === null;
    if (pending) {
      // Decided before, the provider failed: ask it again under the same action.
      const actionId = await actionOfOrder(tx, order.id, "refund");
      return { order, payment, actionId: actionId!, note: order.disputeNote! };
    }
    await settleDispute(tx, order, req);
    const actionId = await recordMoneyAction(tx, {
      action: "refund",
      adminId: admin.id,
      sellerId: order.sellerId,
      orderId: order.id,
      amount: payment.amount,
      note: req.note,
    });
    return { order, payment, actionId, note: req.note };
  });
  const { order, payment, actionId, note } = decided;
  await provider.refund(payment.intentId);
  await db.transaction(async (tx) => {
    if (!(await markRefunded(tx, payment.id))) return;
    await recordOrderEntry(tx, {
      kind: "refunded",
      orderId: order.id,
      sellerId: order.sellerId,
      amount: payment.amount,
      actionId,
    });
    await tellDecision(tx, order, "refund", note);
  });
}
