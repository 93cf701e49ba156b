/**
 * Paying an order: its intent with the provider, the buyer's confirmation, and recording the money,
 * which marks the order paid and, for a payment that arrives after its booking ended, may sell the
 * bike to that buyer again (orders, payments and the bike's place on the market: decision 021).
 */
import type { FastifyBaseLogger } from "fastify";
import type { MoneyRules } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { BadRequest, Conflict, Forbidden, NotFound, PaymentRequired } from "#server/errors.ts";
import { recordOrderEntry } from "#server/features/ledger/service.ts";
import { sellAgain } from "#server/features/listings/market.ts";
import { notify } from "#server/features/notifications/service.ts";
import {
  attachIntent,
  intentOfOrder,
  lockOrder,
  markPaid,
  orderForPayment,
  orderOfIntent,
  sellerOfOrder,
} from "#server/features/orders/service.ts";
import {
  CardError,
  PaymentInProgress,
  type PaymentIntent,
  type PaymentProvider,
} from "#server/features/payments/provider/provider.ts";
import {
  insertPayment,
  markRefunded,
  type Payment,
  paymentOfOrder,
  refuseUnlessHeld,
  refuseWhileCashWaits,
  sameSecret,
} from "#server/features/payments/service.ts";
import { hasPayoutDetails } from "#server/features/payouts/service.ts";
import { type AuthUser, isLiveAccount } from "#server/features/people/accounts.ts";
import { isUuid } from "#server/lib/pagination.ts";
import { formatTaka } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import { CURRENCY, type PaymentConfirmReq, toPoisha } from "#shared/schemas/payments.ts";
import { tellPaid } from "./order-notices.ts";

/** A succeeded intent found while paying: recorded, then said as the 409 it comes to. */
async function refuseRecorded(
  db: Db,
  provider: PaymentProvider,
  intent: PaymentIntent,
  money: MoneyRules,
  log: FastifyBaseLogger,
): Promise<never> {
  const recorded = await recordPayment(db, provider, intent, money, log);
  throw new Conflict(recorded.outcome === "refunded" ? MSG.payment.lateRefunded : MSG.payment.alreadyPaid);
}

/**
 * The intent for paying an order. The amount is the order's price, never anything the browser
 * says; an open intent is reused, so reloading the page does not pile up intents. Only a held order
 * whose hold has not run out gets one: otherwise 409 and the provider is not asked to charge.
 *
 * Requests at once (a double click, ten tabs, several app nodes) make one intent: each provider
 * answers the same order and replaced intent with the same intent (Stripe through an idempotency key
 * derived from them, the test provider through an intent id derived from them). A row lock would
 * also do, but would hold a transaction open across the provider's network call, which on PGlite
 * stops every other write.
 */
export async function intentForOrder(
  db: Db,
  provider: PaymentProvider,
  buyer: AuthUser,
  orderId: string,
  money: MoneyRules,
  log: FastifyBaseLogger,
) {
  const order = await orderForPayment(db, buyer, orderId);
  if (order.state !== "held") {
    if (order.state !== "paid" && order.paymentIntentId) {
      // Money that moved before the hold ended but whose news never reached us (closed tab, lost
      // webhook) is recorded now, rather than the buyer being told nothing was charged.
      const existing = await provider.retrieveIntent(order.paymentIntentId);
      if (existing?.status === "succeeded") await refuseRecorded(db, provider, existing, money, log);
    }
    refuseUnlessHeld(order.state);
  }
  refuseWhileCashWaits(order);
  const amount = toPoisha(order.price);
  if (order.paymentIntentId) {
    const existing = await provider.retrieveIntent(order.paymentIntentId);
    if (existing?.status === "succeeded") {
      // The money moved but its news never reached us (closed tab, lost webhook): record it now
      // rather than hand out a second intent that would charge the buyer twice.
      await refuseRecorded(db, provider, existing, money, log);
    }
    if (
      existing &&
      // Still payable (open), read here rather than from a module-level set so that mutation
      // testing, which does not reload a module for each mutant, can check each status.
      ["requires_payment_method", "processing", "requires_action"].includes(existing.status) &&
      existing.amount === amount &&
      existing.currency === CURRENCY
    ) {
      return existing;
    }
  }
  const intent = await provider
    .createIntent({
      orderId: order.id,
      amount,
      currency: CURRENCY,
      replaces: order.paymentIntentId,
    })
    .catch((err: unknown) => {
      if (err instanceof CardError) throw new PaymentRequired(err.message);
      throw err;
    });
  if (!(await attachIntent(db, order.id, order.paymentIntentId, intent.id))) {
    // The same intent attached by a request at once (the same key), or another after it: use that one.
    const theirs = await intentOfOrder(db, order.id);
    const attached = theirs ? await provider.retrieveIntent(theirs) : null;
    if (attached) return attached;
  }
  return intent;
}

type Recorded = { outcome: "paid" | "refunded"; payment: Payment };

/**
 * Records a succeeded intent as the order's payment: one transaction writes the payment row and
 * marks the order paid. UNIQUE(order_id) and UNIQUE(intent_id) make replays and races harmless.
 *
 * Money can reach the provider after the order's hold has ended (Stripe charges in the browser; a
 * confirmation can race a cancel or the hold's end). It is taken if the bike is still the buyer's
 * to have: the order still holds it (a passed hold not yet swept), or it is back on sale and not
 * removed, in which case it is sold to them again. Otherwise someone else has booked it, or the buyer
 * has deleted their account: the payment is recorded and given back in full (`outcome: "refunded"`),
 * after the transaction, so a refund the provider fails to make is tried again when the same news
 * comes again (decision 021).
 */
export async function recordPayment(
  db: Db,
  provider: PaymentProvider,
  intent: PaymentIntent,
  money: MoneyRules,
  log: FastifyBaseLogger,
): Promise<Recorded> {
  if (intent.status !== "succeeded") throw new Conflict(MSG.payment.notSucceeded);
  if (!isUuid(intent.orderId)) throw new NotFound(MSG.order.notFound);
  const { payment, taken } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, intent.orderId);
    if (!order) throw new NotFound(MSG.order.notFound);
    if (intent.amount !== toPoisha(order.price) || intent.currency !== CURRENCY) {
      log.error(
        {
          intentId: intent.id,
          orderId: order.id,
          amount: intent.amount,
          currency: intent.currency,
          expected: toPoisha(order.price),
        },
        "payment refused: amount or currency does not match the order",
      );
      throw new Conflict(MSG.payment.amountMismatch);
    }
    const before = await paymentOfOrder(tx, order.id);
    if (before) {
      // The order was already paid through another intent: this one must not count twice.
      if (before.intentId !== intent.id) throw new Conflict(MSG.payment.alreadyPaid);
      // The same news again (a replayed webhook, a confirmation after it): as the first time.
      return { payment: before, taken: order.paidAt !== null };
    }
    if (order.status === "paid") throw new Conflict(MSG.payment.alreadyPaid);
    let take = order.status === "held";
    // A buyer who deleted their account meanwhile cannot be sold a bike nobody can hand over: refund.
    if (!take && !(await isLiveAccount(tx, order.buyerId))) {
      log.warn(
        { intentId: intent.id, orderId: order.id },
        "payment after the buyer deleted their account: refunding it",
      );
    } else if (!take) {
      take = await sellAgain(tx, order.listingId);
    }
    const payment = await insertPayment(tx, provider, order.id, intent);
    const sellerId = await sellerOfOrder(tx, order.id);
    // The money is MotoHaat's to hold from here on, whether it is taken or given back (decision 028).
    await recordOrderEntry(tx, { kind: "received", orderId: order.id, sellerId, amount: payment.amount });
    if (take) {
      // MotoHaat holds the money until the handover (decision 028).
      await markPaid(tx, order.id, money.handoverReleaseDays);
      // Buyer and seller are told with the payment's record, in its transaction (decision 023).
      await tellPaid(tx, order.id);
      // A seller who has not said where to be paid is asked now, while the money is held, so that
      // what MotoHaat will owe them does not wait for it later.
      if (!(await hasPayoutDetails(tx, sellerId)))
        await notify(tx, {
          userId: sellerId,
          kind: "payoutDetailsNeeded",
          data: {
            title: MONEY_MSG.payouts.askTitle,
            body: MONEY_MSG.payouts.askBody(formatTaka(order.price)),
            link: "/dashboard/profile#payout",
          },
        });
    } else {
      log.warn(
        { intentId: intent.id, orderId: order.id, status: order.status },
        "payment after the booking ended and the bike went to someone else: refunding it",
      );
    }
    return { payment, taken: take };
  });
  if (taken) return { outcome: "paid", payment };
  await refundPayment(db, provider, payment);
  return { outcome: "refunded", payment };
}

/**
 * Gives a payment back in full through the provider, then marks it refunded with the ledger's entry
 * in one transaction. Owed until the provider has given it back: a failure here (the provider down)
 * leaves it owed and answers an error, so the same news again (Stripe retries a webhook) tries once
 * more. The provider refunds an intent once however often it is asked (both providers key it).
 */
export async function refundPayment(db: Db, provider: PaymentProvider, payment: Payment): Promise<void> {
  if (payment.refundedAt !== null) return;
  await provider.refund(payment.intentId);
  await db.transaction(async (tx) => {
    if (!(await markRefunded(tx, payment.id))) return;
    await recordOrderEntry(tx, {
      kind: "refunded",
      orderId: payment.orderId,
      sellerId: await sellerOfOrder(tx, payment.orderId),
      amount: payment.amount,
    });
  });
}

/** The browser's "Pay" (test provider), or its report that Stripe confirmed (stripe provider). */
export async function confirmPayment(
  db: Db,
  provider: PaymentProvider,
  buyer: AuthUser,
  req: PaymentConfirmReq,
  money: MoneyRules,
  log: FastifyBaseLogger,
) {
  const order = await orderOfIntent(db, req.intentId);
  if (!order) throw new NotFound(MSG.payment.unknownIntent);
  if (order.buyerId !== buyer.id) throw new Forbidden(MSG.order.notYours);
  let intent = await provider.retrieveIntent(req.intentId);
  if (!intent || !sameSecret(intent.clientSecret, req.clientSecret))
    throw new NotFound(MSG.payment.unknownIntent);

  if (intent.status !== "succeeded") {
    if (order.paidAt) throw new Conflict(MSG.payment.alreadyPaid);
    // Before any charge: an ended booking, or one whose hold has run out, is not paid (409).
    refuseUnlessHeld(order.state);
    refuseWhileCashWaits(order);
    if (intent.amount !== toPoisha(order.price) || intent.currency !== CURRENCY) {
      // Refused before the card is charged, not only when the payment is recorded.
      throw new Conflict(MSG.payment.amountMismatch);
    }
    if (provider.confirm) {
      if (!req.card) throw new BadRequest(MSG.payment.cardRequired, { card: MSG.payment.cardRequired });
      try {
        intent = await provider.confirm(req.intentId, req.card);
      } catch (err) {
        if (err instanceof CardError) {
          const fields = Object.entries(err.fields).map(([field, message]) => [`card.${field}`, message]);
          throw new PaymentRequired(err.message, fields.length ? Object.fromEntries(fields) : undefined);
        }
        if (err instanceof PaymentInProgress) throw new Conflict(MSG.payment.inProgress);
        throw err;
      }
    } else if (intent.lastPaymentError) {
      throw new PaymentRequired(intent.lastPaymentError.message);
    }
    // Not charged yet and no error (Stripe): recordPayment refuses it with 409, not succeeded.
  }
  const recorded = await recordPayment(db, provider, intent, money, log);
  if (recorded.outcome === "refunded") throw new Conflict(MSG.payment.lateRefunded);
  return intent;
}
