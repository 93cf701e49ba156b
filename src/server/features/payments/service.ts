import { timingSafeEqual } from "node:crypto";
import { and, eq, getTableColumns, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/client.ts";
import { listings, orders, payments, users } from "#server/db/schema.ts";
import { BadRequest, Conflict, Forbidden, NotFound, PaymentRequired } from "#server/errors.ts";
import { isDeletedAccountEmail } from "#server/features/auth/account-deletion.ts";
import type { AuthUser } from "#server/features/auth/presenter.ts";
import { orderStatus } from "#server/features/orders/presenter.ts";
import {
  CardError,
  type PaymentIntent,
  type PaymentProvider,
} from "#server/features/payments/provider/provider.ts";
import { PaymentInProgress } from "#server/features/payments/provider/test-provider.ts";
import { isUuid } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import type { OrderStatus } from "#shared/schemas/orders.ts";
import { CURRENCY, type PaymentConfirmReq, toPoisha } from "#shared/schemas/payments.ts";

/** An order with its state as every read shows it (a passed hold reads `expired`: orders/presenter.ts). */
function orderWithState() {
  return { ...getTableColumns(orders), state: orderStatus() };
}

async function ownOrder(db: Db, buyer: AuthUser, orderId: string) {
  if (!isUuid(orderId)) throw new NotFound(MSG.order.notFound);
  const [order] = await db.select(orderWithState()).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new NotFound(MSG.order.notFound);
  if (order.buyerId !== buyer.id) throw new Forbidden(MSG.order.notYours);
  return order;
}

/** Paying is for a held order whose time has not run out: anything else is refused before any charge. */
function refuseUnlessHeld(state: OrderStatus): void {
  if (state === "paid") throw new Conflict(MSG.payment.alreadyPaid);
  if (state !== "held") throw new Conflict(MSG.payment.notHeld[state]);
}

/** A succeeded intent found while paying: recorded, then said as the 409 it comes to. */
async function refuseRecorded(
  db: Db,
  provider: PaymentProvider,
  intent: PaymentIntent,
  log: FastifyBaseLogger,
) {
  const recorded = await recordPayment(db, provider, intent, log);
  throw new Conflict(recorded.outcome === "refunded" ? MSG.payment.lateRefunded : MSG.payment.alreadyPaid);
}

/**
 * The intent for paying an order. The amount is the order's price, never anything the browser
 * says; an open intent is reused, so reloading the page does not pile up intents. Only a held order
 * whose hold has not run out gets one: otherwise 409 and the provider is not asked to charge.
 */
export async function intentForOrder(
  db: Db,
  provider: PaymentProvider,
  buyer: AuthUser,
  orderId: string,
  log: FastifyBaseLogger,
) {
  const order = await ownOrder(db, buyer, orderId);
  if (order.state !== "held") {
    if (order.state !== "paid" && order.paymentIntentId) {
      // Money that moved before the hold ended but whose news never reached us (closed tab, lost
      // webhook) is recorded now, rather than the buyer being told nothing was charged.
      const existing = await provider.retrieveIntent(order.paymentIntentId);
      if (existing?.status === "succeeded") await refuseRecorded(db, provider, existing, log);
    }
    refuseUnlessHeld(order.state);
  }
  const amount = toPoisha(order.price);
  if (order.paymentIntentId) {
    const existing = await provider.retrieveIntent(order.paymentIntentId);
    if (existing?.status === "succeeded") {
      // The money moved but its news never reached us (closed tab, lost webhook): record it now
      // rather than hand out a second intent that would charge the buyer twice.
      await refuseRecorded(db, provider, existing, log);
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
    .createIntent({ orderId: order.id, amount, currency: CURRENCY, replaces: order.paymentIntentId })
    .catch((err: unknown) => {
      if (err instanceof CardError) throw new PaymentRequired(err.message);
      throw err;
    });
  const claimed = await db
    .update(orders)
    .set({ paymentIntentId: intent.id })
    .where(
      and(
        eq(orders.id, order.id),
        order.paymentIntentId
          ? eq(orders.paymentIntentId, order.paymentIntentId)
          : isNull(orders.paymentIntentId),
      ),
    )
    .returning({ id: orders.id });
  if (claimed.length === 0) {
    // Another request attached its intent first: both callers use that one.
    const [winner] = await db
      .select({ id: orders.paymentIntentId })
      .from(orders)
      .where(eq(orders.id, order.id));
    const theirs = winner?.id ? await provider.retrieveIntent(winner.id) : null;
    if (theirs) return theirs;
  }
  return intent;
}

type Recorded = { outcome: "paid" | "refunded"; payment: typeof payments.$inferSelect };

/**
 * Records a succeeded intent as the order's payment: one transaction writes the payment row and
 * marks the order paid. UNIQUE(order_id) and UNIQUE(intent_id) make replays and races harmless.
 *
 * Money can reach the provider after the order's hold has ended (Stripe charges in the browser; a
 * confirmation can race a cancel or the hold's end). It is taken if the bike is still the buyer's
 * to have: the order still holds it (a passed hold not yet swept), or it is back on sale and not
 * removed, in which case it is sold to them again. Otherwise someone else has booked it: the payment
 * is recorded and given back in full (`outcome: "refunded"`), after the transaction, so a refund
 * the provider fails to make is tried again when the same news comes again (decision 021).
 */
export async function recordPayment(
  db: Db,
  provider: PaymentProvider,
  intent: PaymentIntent,
  log: FastifyBaseLogger,
): Promise<Recorded> {
  if (intent.status !== "succeeded") throw new Conflict(MSG.payment.notSucceeded);
  if (!isUuid(intent.orderId)) throw new NotFound(MSG.order.notFound);
  const { payment, taken } = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, intent.orderId)).for("update");
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
    const [before] = await tx.select().from(payments).where(eq(payments.orderId, order.id));
    if (before) {
      // The order was already paid through another intent: this one must not count twice.
      if (before.intentId !== intent.id) throw new Conflict(MSG.payment.alreadyPaid);
      // The same news again (a replayed webhook, a confirmation after it): as the first time.
      return { payment: before, taken: order.paidAt !== null };
    }
    if (order.status === "paid") throw new Conflict(MSG.payment.alreadyPaid);
    let take = order.status === "held";
    // A buyer who deleted their account meanwhile cannot be sold a bike nobody can hand over: refund.
    if (!take && (await buyerDeleted(tx, order.buyerId))) {
      log.warn(
        { intentId: intent.id, orderId: order.id },
        "payment after the buyer deleted their account: refunding it",
      );
    } else if (!take) {
      const [back] = await tx
        .update(listings)
        .set({ status: "sold" })
        .where(
          and(eq(listings.id, order.listingId), eq(listings.status, "available"), eq(listings.hidden, false)),
        )
        .returning({ id: listings.id });
      take = back !== undefined;
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        provider: provider.name,
        intentId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
        cardBrand: intent.card?.brand ?? null,
        cardLast4: intent.card?.last4 ?? null,
      })
      .returning();
    if (take) {
      await tx
        .update(orders)
        .set({ status: "paid", paidAt: new Date(), endedAt: null })
        .where(eq(orders.id, order.id));
    } else {
      log.warn(
        { intentId: intent.id, orderId: order.id, status: order.status },
        "payment after the booking ended and the bike went to someone else: refunding it",
      );
    }
    return { payment: payment!, taken: take };
  });
  if (taken) return { outcome: "paid", payment };
  if (payment.refundedAt === null) {
    // Owed until the provider has given it back; a failure here (the provider down) leaves it owed
    // and answers an error, so the same news again (Stripe retries a webhook) tries once more.
    await provider.refund(intent.id);
    await db
      .update(payments)
      .set({ refundedAt: new Date() })
      .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)));
  }
  return { outcome: "refunded", payment };
}

async function buyerDeleted(tx: Pick<Db, "select">, buyerId: string): Promise<boolean> {
  const [buyer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, buyerId));
  return buyer === undefined || isDeletedAccountEmail(buyer.email);
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The browser's "Pay" (test provider), or its report that Stripe confirmed (stripe provider). */
export async function confirmPayment(
  db: Db,
  provider: PaymentProvider,
  buyer: AuthUser,
  req: PaymentConfirmReq,
  log: FastifyBaseLogger,
) {
  const [order] = await db
    .select(orderWithState())
    .from(orders)
    .where(eq(orders.paymentIntentId, req.intentId))
    .limit(1);
  if (!order) throw new NotFound(MSG.payment.unknownIntent);
  if (order.buyerId !== buyer.id) throw new Forbidden(MSG.order.notYours);
  let intent = await provider.retrieveIntent(req.intentId);
  if (!intent || !sameSecret(intent.clientSecret, req.clientSecret))
    throw new NotFound(MSG.payment.unknownIntent);

  if (intent.status !== "succeeded") {
    if (order.paidAt) throw new Conflict(MSG.payment.alreadyPaid);
    // Before any charge: an ended booking, or one whose hold has run out, is not paid (409).
    refuseUnlessHeld(order.state);
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
  const recorded = await recordPayment(db, provider, intent, log);
  if (recorded.outcome === "refunded") throw new Conflict(MSG.payment.lateRefunded);
  return intent;
}
