/**
 * The payments feature: the `payments` table and the rules of paying that need nothing else. Paying
 * an order (its intent, its confirmation, recording the money) is `workflows/payment.ts`.
 */
import { timingSafeEqual } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { payments } from "#server/db/schema.ts";
import { Conflict } from "#server/errors.ts";
import { MSG } from "#shared/messages.ts";
import type { OrderStatus } from "#shared/schemas/orders.ts";
import { CASH_PROVIDER, CURRENCY, toPoisha } from "#shared/schemas/payments.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import type { PaymentIntent, PaymentProvider } from "./provider/provider.ts";

export type Payment = typeof payments.$inferSelect;

/** Paying is for a held order whose time has not run out: anything else is refused before any charge. */
export function refuseUnlessHeld(state: OrderStatus): void {
  if (state === "paid") throw new Conflict(MSG.payment.alreadyPaid);
  if (state !== "held") throw new Conflict(MSG.payment.notHeld[state]);
}

/**
 * The seller says the buyer paid in cash and the buyer has not answered: no card charge until they
 * do (a second payment for one bike). Once disputed, paying by card is the buyer's way out. A card
 * payment that had already gone through is recorded as ever (workflows/payment.ts).
 */
export function refuseWhileCashWaits(order: {
  cashMarkedAt: Date | null;
  cashDisputedAt: Date | null;
}): void {
  if (order.cashMarkedAt && !order.cashDisputedAt) throw new Conflict(TALK_MSG.cash.cardWhileMarked);
}

/** The order's payment, if it has one (UNIQUE(order_id)). */
export async function paymentOfOrder(tx: Tx, orderId: string): Promise<Payment | undefined> {
  const [payment] = await tx.select().from(payments).where(eq(payments.orderId, orderId));
  return payment;
}

/** The money of a succeeded intent, received for an order. */
export async function insertPayment(
  tx: Tx,
  provider: PaymentProvider,
  orderId: string,
  intent: PaymentIntent,
): Promise<Payment> {
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId,
      provider: provider.name,
      intentId: intent.id,
      amount: intent.amount,
      currency: intent.currency,
      cardBrand: intent.card?.brand ?? null,
      cardLast4: intent.card?.last4 ?? null,
    })
    .returning();
  return payment!;
}

/**
 * Money handed over in cash at the meeting, once the buyer confirmed it (or an admin decided it):
 * provider `cash`, the order's price in poisha, and an intent id of its own (`cash:<order id>`) so
 * UNIQUE(intent_id) and UNIQUE(order_id) hold as for a card.
 */
export async function insertCashPayment(tx: Tx, orderId: string, price: number): Promise<Payment> {
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId,
      provider: CASH_PROVIDER,
      intentId: `cash:${orderId}`,
      amount: toPoisha(price),
      currency: CURRENCY,
    })
    .returning();
  return payment!;
}

/**
 * Marks a payment the provider has given back as refunded: true when this call marked it (a refund
 * recorded once, whatever races). workflows/payment.ts asks the provider first and records the
 * ledger's entry in the same transaction as this mark.
 */
export async function markRefunded(tx: Tx, paymentId: string): Promise<boolean> {
  const marked = await tx
    .update(payments)
    .set({ refundedAt: new Date() })
    .where(and(eq(payments.id, paymentId), isNull(payments.refundedAt)))
    .returning({ id: payments.id });
  return marked.length === 1;
}

/** Card payments (not cash) and whether each was given back: what the ledger must have received. */
export function cardPayments(db: Db): Promise<{ orderId: string; amount: number; refunded: boolean }[]> {
  return db
    .select({
      orderId: payments.orderId,
      amount: payments.amount,
      refunded: sql<boolean>`${payments.refundedAt} is not null`,
    })
    .from(payments)
    .where(ne(payments.provider, CASH_PROVIDER));
}

/** The client secret the browser sent is the intent's, compared in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
