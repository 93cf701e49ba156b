import { timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/client.ts";
import { orders, payments } from "#server/db/schema.ts";
import { BadRequest, Conflict, Forbidden, NotFound, PaymentRequired } from "#server/errors.ts";
import type { AuthUser } from "#server/features/auth/presenter.ts";
import {
  CardError,
  type PaymentIntent,
  type PaymentProvider,
} from "#server/features/payments/provider/provider.ts";
import { PaymentInProgress } from "#server/features/payments/provider/test-provider.ts";
import { isUuid } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import { CURRENCY, type PaymentConfirmReq, toPoisha } from "#shared/schemas/payments.ts";

async function ownOrder(db: Db, buyer: AuthUser, orderId: string) {
  if (!isUuid(orderId)) throw new NotFound(MSG.order.notFound);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new NotFound(MSG.order.notFound);
  if (order.buyerId !== buyer.id) throw new Forbidden(MSG.order.notYours);
  return order;
}

/**
 * The intent for paying an order. The amount is the order's price, never anything the browser
 * says; an open intent is reused, so reloading the page does not pile up intents.
 */
export async function intentForOrder(
  db: Db,
  provider: PaymentProvider,
  buyer: AuthUser,
  orderId: string,
  log: FastifyBaseLogger,
) {
  const order = await ownOrder(db, buyer, orderId);
  if (order.paidAt) throw new Conflict(MSG.payment.alreadyPaid);
  const amount = toPoisha(order.price);
  if (order.paymentIntentId) {
    const existing = await provider.retrieveIntent(order.paymentIntentId);
    if (existing?.status === "succeeded") {
      // The money moved but its news never reached us (closed tab, lost webhook): record it now
      // rather than hand out a second intent that would charge the buyer twice.
      await recordPayment(db, existing, provider.name, log);
      throw new Conflict(MSG.payment.alreadyPaid);
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

/**
 * Records a succeeded intent as the order's payment: one transaction writes the payment row and
 * marks the order paid. UNIQUE(order_id) and UNIQUE(intent_id) make replays and races harmless.
 */
export async function recordPayment(db: Db, intent: PaymentIntent, provider: string, log: FastifyBaseLogger) {
  if (intent.status !== "succeeded") throw new Conflict(MSG.payment.notSucceeded);
  if (!isUuid(intent.orderId)) throw new NotFound(MSG.order.notFound);
  return db.transaction(async (tx) => {
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
    await tx
      .insert(payments)
      .values({
        orderId: order.id,
        provider,
        intentId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
        cardBrand: intent.card?.brand ?? null,
        cardLast4: intent.card?.last4 ?? null,
      })
      .onConflictDoNothing();
    await tx
      .update(orders)
      .set({ paidAt: new Date(), status: "paid" })
      .where(and(eq(orders.id, order.id), isNull(orders.paidAt)));
    const [payment] = await tx.select().from(payments).where(eq(payments.orderId, order.id));
    if (payment?.intentId !== intent.id) {
      // The order was already paid through another intent: this one must not count twice.
      throw new Conflict(MSG.payment.alreadyPaid);
    }
    return payment;
  });
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
  const [order] = await db.select().from(orders).where(eq(orders.paymentIntentId, req.intentId)).limit(1);
  if (!order) throw new NotFound(MSG.payment.unknownIntent);
  if (order.buyerId !== buyer.id) throw new Forbidden(MSG.order.notYours);
  let intent = await provider.retrieveIntent(req.intentId);
  if (!intent || !sameSecret(intent.clientSecret, req.clientSecret))
    throw new NotFound(MSG.payment.unknownIntent);

  if (intent.status !== "succeeded") {
    if (order.paidAt) throw new Conflict(MSG.payment.alreadyPaid);
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
  await recordPayment(db, intent, provider.name, log);
  return intent;
}
