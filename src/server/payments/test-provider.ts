import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { testPaymentIntents } from "../db/schema.ts";
import { CardError, type CardInput, type PaymentIntent, type PaymentProvider } from "./provider.ts";

/**
 * The built-in test-mode card processor: no network, the well-known test card numbers, and the
 * same intent life cycle as the big providers. Only the brand and last four digits are ever kept.
 */
type Outcome = { brand: string } & ({ ok: true } | { ok: false; code: string; message: string });

export const TEST_CARDS: Record<string, Outcome> = {
  "4242424242424242": { brand: "visa", ok: true },
  "4000056655665556": { brand: "visa", ok: true },
  "5555555555554444": { brand: "mastercard", ok: true },
  "2223003122003222": { brand: "mastercard", ok: true },
  "378282246310005": { brand: "amex", ok: true },
  "4000000000000002": { brand: "visa", ok: false, code: "card_declined", message: "Your card was declined." },
  "4000000000009995": {
    brand: "visa",
    ok: false,
    code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  "4000000000009987": { brand: "visa", ok: false, code: "lost_card", message: "Your card was declined." },
  "4000000000000069": { brand: "visa", ok: false, code: "expired_card", message: "Your card has expired." },
  "4000000000000127": {
    brand: "visa",
    ok: false,
    code: "incorrect_cvc",
    message: "Your card's security code is incorrect.",
  },
  "4000000000000119": {
    brand: "visa",
    ok: false,
    code: "processing_error",
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** Card checks every processor makes before charging; each failure says which field is wrong. */
export function checkCard(card: CardInput, now = new Date()): string {
  const digits = card.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    throw new CardError("incorrect_number", "Your card number is incorrect.", "number");
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (card.expMonth < 1 || card.expMonth > 12) {
    throw new CardError("invalid_expiry_month", "Your card's expiration month is invalid.", "expiry");
  }
  const endOfMonth = Date.UTC(year, card.expMonth, 1);
  if (endOfMonth <= now.getTime()) {
    throw new CardError("invalid_expiry_year", "Your card's expiration date is in the past.", "expiry");
  }
  const cvcLength = digits.startsWith("34") || digits.startsWith("37") ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    throw new CardError("invalid_cvc", `Your card's security code must be ${cvcLength} digits.`, "cvc");
  }
  return digits;
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

export class PaymentInProgress extends Error {}

export function createTestProvider(db: Db): PaymentProvider {
  const retrieve = async (id: string) => {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).limit(1);
    return row ? toIntent(row) : null;
  };
  return {
    name: "test",
    publishableKey: null,
    async createIntent({ orderId, amount, currency }) {
      const id = `pi_test_${randomBytes(12).toString("hex")}`;
      const [row] = await db
        .insert(testPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString("hex")}`,
          orderId,
          amount,
          currency,
          status: "requires_payment_method",
        })
        .returning();
      return toIntent(row!);
    },
    retrieveIntent: retrieve,
    async confirm(intentId, card) {
      // Only one confirmation may process an intent at a time: the status flip is the lock.
      const [claimed] = await db
        .update(testPaymentIntents)
        .set({ status: "processing", updatedAt: new Date() })
        .where(
          and(eq(testPaymentIntents.id, intentId), eq(testPaymentIntents.status, "requires_payment_method")),
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
        message: "Your card was declined. This is test mode: use a test card such as 4242 4242 4242 4242.",
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
