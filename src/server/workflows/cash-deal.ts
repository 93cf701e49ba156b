/**
 * Cash at the meeting: a held booking ends as a deal paid in person. The seller marks it paid in
 * cash; the buyer confirms (the order is paid with a `cash` payment and the bike is sold to them) or
 * disputes it (an admin decides: paid in cash, or the booking released). Each step is one
 * transaction in decision 021's lock order: the person, then the order, then the bike; each writes
 * its notifications in the same transaction (the outbox), so nobody is told of a step that did not happen.
 */
import type { Db, Tx } from "#server/db/client.ts";
import { Conflict, Forbidden } from "#server/errors.ts";
import { putBackOnSale, sellAgain } from "#server/features/listings/market.ts";
import { notify } from "#server/features/notifications/service.ts";
import { lockOrderForCash, setCashDispute, setCashMark } from "#server/features/orders/cash.ts";
import { endHeldOrder, markPaid } from "#server/features/orders/service.ts";
import { insertCashPayment } from "#server/features/payments/service.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import { formatTaka } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import type { CashDisputeReq, CashResolveReq, Order } from "#shared/schemas/orders.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { getOrder } from "./buyer-orders.ts";
import { tellSaversSold } from "./order-notices.ts";

type CashOrder = Awaited<ReturnType<typeof lockOrderForCash>>;

/** Where each person follows a deal: the buyer's order (its receipt), the seller's My buyers. */
const buyerLink = (orderId: string) => `/dashboard/payment/${orderId}`;
const SELLER_LINK = "/dashboard/mybuyers";

/** Only a held booking takes a cash step: a paid or ended one says what it became (409). */
function refuseUnlessHeld(order: CashOrder): void {
  if (order.status !== "held") throw new Conflict(MSG.order.notHeld[order.status]);
}

/** The buyer's answer is for a mark that waits for it: none, or one already disputed, is 409. */
function refuseUnlessWaiting(order: CashOrder): void {
  refuseUnlessHeld(order);
  if (!order.cashMarkedAt) throw new Conflict(TALK_MSG.cash.notMarked);
  if (order.cashDisputedAt) throw new Conflict(TALK_MSG.cash.alreadyDisputed);
}

/**
 * The money changed hands: a `cash` payment of the order's price, the order paid, and the bike sold
 * to the buyer. A held booking already keeps its bike sold (the sweep skips a waiting mark), so
 * `sellAgain` changes nothing but is the one place that would sell it if it were back on sale.
 * Both people are told.
 */
async function payInCash(tx: Tx, order: CashOrder): Promise<void> {
  await insertCashPayment(tx, order.id, order.price);
  // Cash was handed over at the meeting: MotoHaat holds nothing (decision 028).
  await markPaid(tx, order.id, null);
  await sellAgain(tx, order.listingId);
  const bike = { model: order.model, price: order.price };
  const data = {
    title: TALK_MSG.cash.notifyPaidTitle(order.model),
    body: TALK_MSG.cash.notifyPaidBody(formatTaka(order.price)),
    bike,
  };
  await notify(tx, [
    { userId: order.buyerId, kind: "orderPaid", data: { ...data, link: buyerLink(order.id) } },
    { userId: order.sellerId, kind: "orderPaid", data: { ...data, link: SELLER_LINK } },
  ]);
  await tellSaversSold(tx, order);
}

/** The bike's seller: "paid in cash at the meeting". The hold stops running out; the buyer is asked. */
export async function markPaidInCash(db: Db, seller: AuthUser, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLiveAccount(tx, seller.id);
    const order = await lockOrderForCash(tx, orderId);
    if (order.sellerId !== seller.id) throw new Forbidden(MSG.order.notYourBike);
    refuseUnlessHeld(order);
    // Disputed once, the seller cannot simply mark again: an admin decides (or the buyer pays by card).
    if (order.cashDisputedAt) throw new Conflict(TALK_MSG.cash.disputedNoMark);
    if (order.cashMarkedAt) throw new Conflict(TALK_MSG.cash.alreadyMarked);
    await setCashMark(tx, order.id);
    await notify(tx, {
      userId: order.buyerId,
      kind: "cashMarked",
      data: {
        title: TALK_MSG.cash.notifyMarkedTitle(order.model),
        body: TALK_MSG.cash.notifyMarkedBody(formatTaka(order.price)),
        link: buyerLink(order.id),
        bike: { model: order.model, price: order.price },
      },
    });
  });
}

/** The buyer's "Yes, I paid": the order is paid in cash and the bike theirs. The order as it is now. */
export async function confirmCash(db: Db, buyer: AuthUser, orderId: string): Promise<Order> {
  await db.transaction(async (tx) => {
    await lockLiveAccount(tx, buyer.id);
    const order = await lockOrderForCash(tx, orderId);
    if (order.buyerId !== buyer.id) throw new Forbidden(MSG.order.notYours);
    refuseUnlessWaiting(order);
    await payInCash(tx, order);
  });
  return getOrder(db, buyer, orderId);
}

/**
 * The buyer's "No, I didn't": the mark stands disputed, the seller is told (with the buyer's reason),
 * admins see it in their list, and the hold runs again from now for a whole hold, in which the buyer
 * may pay by card, either person may end the booking, or an admin decides. The order as it is now.
 */
export async function disputeCash(
  db: Db,
  buyer: AuthUser,
  orderId: string,
  req: CashDisputeReq,
  holdMinutes: number,
): Promise<Order> {
  await db.transaction(async (tx) => {
    await lockLiveAccount(tx, buyer.id);
    const order = await lockOrderForCash(tx, orderId);
    if (order.buyerId !== buyer.id) throw new Forbidden(MSG.order.notYours);
    refuseUnlessWaiting(order);
    await setCashDispute(tx, order.id, holdMinutes, req.reason ? req.reason : null);
    await notify(tx, {
      userId: order.sellerId,
      kind: "cashDisputed",
      data: {
        title: TALK_MSG.cash.notifyDisputedTitle(order.model),
        body: TALK_MSG.cash.notifyDisputedBody(order.buyerName, req.reason ? req.reason : null),
        link: SELLER_LINK,
        bike: { model: order.model, price: order.price },
      },
    });
  });
  return getOrder(db, buyer, orderId);
}

/**
 * An admin decides a disputed cash mark: `paid` (the order is paid in cash, as if the buyer had
 * confirmed) or `release` (the booking ends and the bike goes back on sale). Only an open dispute:
 * a booking since paid by card, ended, or decided is 409.
 */
export async function resolveCashDispute(
  db: Db,
  admin: AuthUser,
  orderId: string,
  req: CashResolveReq,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLiveAccount(tx, admin.id);
    const order = await lockOrderForCash(tx, orderId);
    if (order.status !== "held" || !order.cashDisputedAt) throw new Conflict(TALK_MSG.cash.noDispute);
    if (req.decision === "paid") {
      await payInCash(tx, order);
      return;
    }
    await endHeldOrder(tx, order.id, "released", () => {});
    await putBackOnSale(tx, [order.listingId]);
    // Neither person did this: both hear it (the seller's own Release tells nobody).
    const data = {
      title: TALK_MSG.cash.notifyReleasedTitle(order.model),
      body: TALK_MSG.cash.notifyReleasedBody,
      bike: { model: order.model, price: order.price },
    };
    await notify(tx, [
      { userId: order.buyerId, kind: "cashReleased", data: { ...data, link: buyerLink(order.id) } },
      { userId: order.sellerId, kind: "cashReleased", data: { ...data, link: SELLER_LINK } },
    ]);
  });
}
