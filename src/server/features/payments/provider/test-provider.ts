import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { testPaymentIntents } from "#server/db/schema.ts";
import { MSG } from "#shared/messages.ts";
import { type CardField, cardDigits, cardProblems } from "#shared/schemas/payments.ts";
import {
  CardError,
  type CardInput,
  PaymentInProgress,
  type PaymentIntent,
  type PaymentProvider,
} from "./provider.ts";

/** A confirmation takes milliseconds; one "processing" for longer than this has died. */
export const STALE_PROCESSING_MS = 60_000;

/**
 * The built-in test-mode card processor: no network, the well-known test card numbers, and the
 * same intent life cycle as the big providers. Only the brand and last four digits are ever kept.
 */
type Outcome = { brand: string } & ({ ok: true } | { ok: false; code: string; message: string });

const declined = (code: string, message: string = MSG.payment.declined): Outcome => ({
  brand: "visa",
  ok: false,
  code,
  message,
});

/** The big providers' well-known test numbers, with the same outcomes and messages. */
const TEST_CARDS: Record<string, Outcome> = {
  "4242424242424242": { brand: "visa", ok: true },
  "4000056655665556": { brand: "visa", ok: true },
  "5555555555554444": { brand: "mastercard", ok: true },
  "2223003122003222": { brand: "mastercard", ok: true },
  "378282246310005": { brand: "amex", ok: true },
  "4000000000000002": declined("card_declined"),
  "4000000000009995": declined("insufficient_funds", MSG.payment.insufficientFunds),
  "4000000000009987": declined("lost_card"),
  "4000000000009979": declined("stolen_card"),
  "4000000000000069": declined("expired_card", "Your card has expired."),
  "4000000000000127": declined("incorrect_cvc", "Your card's security code is incorrect."),
  "4000000000000119": declined(
    "processing_error",
    "An error occurred while processing your card. Try again in a little bit.",
  ),
};

const problemCodes: Record<CardField, string> = {
  number: "incorrect_number",
  expiry: "invalid_expiry",
  cvc: "invalid_cvc",
};

/** Card checks every processor makes before charging; returns the card's digits when they pass. */
function checkCard(card: CardInput, now = new Date()): string {
  const problems = cardProblems(card, now);
  const [first] = Object.entries(problems) as [CardField, string][];
  if (first) throw new CardError(problemCodes[first[0]], first[1], problems);
  return cardDigits(card.number);
}

type Row = typeof testPaymentIntents.$inferSelect;

function toIntent(r: Row): PaymentIntent {
  return {
    id: r.id,
    clientSecret: r.clientSecret,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    orderId: r.orderId,
    lastPaymentError: r.lastErrorCode ? { code: r.lastErrorCode, message: r.lastErrorMessage ?? "" } : null,
    card: r.cardBrand && r.cardLast4 ? { brand: r.cardBrand, last4: r.cardLast4 } : null,
  };
}

export function createTestProvider(db: Db): PaymentProvider {
  const retrieve = async (id: string) => {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).limit(1);
    return row ? toIntent(row) : null;
  };
  return {
    name: "test",
    publishableKey: null,
    async createIntent({ orderId, amount, currency, replaces }) {
      // One intent per order, amount and replaced intent, as Stripe's idempotency key makes it: the id
      // is derived from them, so requests at once insert one row and all read it back.
      const identity = createHash("sha256").update(`${orderId}:${amount}:${replaces ?? "none"}`);
      const id = `pi_test_${identity.digest("hex").slice(0, 24)}`;
      await db
        .insert(testPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString("hex")}`,
          orderId,
          amount,
          currency,
          status: "requires_payment_method",
        })
        .onConflictDoNothing({ target: testPaymentIntents.id });
      return (await retrieve(id))!;
    },
    retrieveIntent: retrieve,
    async refund(intentId) {
      await db
        .update(testPaymentIntents)
        .set({ refundedAt: new Date(), updatedAt: new Date() })
        .where(
          and(
            eq(testPaymentIntents.id, intentId),
            eq(testPaymentIntents.status, "succeeded"),
            isNull(testPaymentIntents.refundedAt),
          ),
        );
    },
    async confirm(intentId, card) {
      // Only one confirmation may process an intent at a time: the status flip is the lock. A lock
      // older than a processing can take was left by a confirmation that died half-way (a crash, a
      // lost connection): it is taken over, or the order could never be paid.
      const [claimed] = await db
        .update(testPaymentIntents)
        .set({ status: "processing", updatedAt: new Date() })
        .where(
          and(
            eq(testPaymentIntents.id, intentId),
            or(
              eq(testPaymentIntents.status, "requires_payment_method"),
              and(
                eq(testPaymentIntents.status, "processing"),
                lt(testPaymentIntents.updatedAt, new Date(Date.now() - STALE_PROCESSING_MS)),
              ),
            ),
          ),
        )
        .returning();
      if (!claimed) {
        const current = await retrieve(intentId);
        if (current?.status === "succeeded") return current;
        throw new PaymentInProgress();
      }
      let digits: string;
      try {
        digits = checkCard(card);
      } catch (err) {
        await db
          .update(testPaymentIntents)
          .set({ status: "requires_payment_method", updatedAt: new Date() })
          .where(eq(testPaymentIntents.id, intentId));
        throw err;
      }
      const outcome: Outcome = TEST_CARDS[digits] ?? {
        brand: "unknown",
        ok: false,
        code: "card_declined",
        message: `${MSG.payment.declined} This is test mode: use a test card such as 4242 4242 4242 4242.`,
      };
      const [row] = await db
        .update(testPaymentIntents)
        .set(
          outcome.ok
            ? {
                status: "succeeded",
                cardBrand: outcome.brand,
                cardLast4: digits.slice(-4),
                lastErrorCode: null,
                lastErrorMessage: null,
                updatedAt: new Date(),
              }
            : {
                status: "requires_payment_method",
                lastErrorCode: outcome.code,
                lastErrorMessage: outcome.message,
                updatedAt: new Date(),
              },
        )
        .where(eq(testPaymentIntents.id, intentId))
        .returning();
      const intent = toIntent(row!);
      if (!outcome.ok) throw new CardError(outcome.code, outcome.message);
      return intent;
    },
  };
}
