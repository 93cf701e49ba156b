import { z } from "zod";
import { MSG } from "#shared/messages.ts";
import { OrderSchema } from "./orders.ts";

export const CURRENCY = "BDT";
/** `payments.provider` of money handed over in cash at the meeting (the `payments` row of a confirmed cash deal). */
export const CASH_PROVIDER = "cash";
/** Payments are in poisha: taka × 100 (decision 013). */
export const toPoisha = (taka: number) => taka * 100;
/** Poisha back to whole taka: every amount MotoHaat moves is a price, a fee or a payout in whole taka. */
export const toTaka = (poisha: number) => Math.round(poisha / 100);

/** A card as the test provider receives it. The full number is used once and never kept. */
const CardSchema = z.object({
  number: z
    .string({ error: MSG.payment.numberIncomplete })
    .trim()
    .min(1, { error: MSG.payment.numberIncomplete })
    .max(23, { error: MSG.payment.numberInvalid }),
  expMonth: z.coerce
    .number({ error: MSG.payment.expiryIncomplete })
    .int({ error: MSG.payment.expiryMonthInvalid })
    .min(1, { error: MSG.payment.expiryMonthInvalid })
    .max(12, { error: MSG.payment.expiryMonthInvalid }),
  expYear: z.coerce
    .number({ error: MSG.payment.expiryIncomplete })
    .int({ error: MSG.payment.expiryIncomplete })
    .min(0, { error: MSG.payment.expiryIncomplete })
    .max(9999, { error: MSG.payment.expiryIncomplete }),
  cvc: z
    .string({ error: MSG.payment.cvcIncomplete })
    .trim()
    .min(1, { error: MSG.payment.cvcIncomplete })
    .max(4, { error: MSG.payment.cvcLength(4) }),
});
export type Card = z.infer<typeof CardSchema>;

export type CardField = "number" | "expiry" | "cvc";

export const cardDigits = (number: string) => number.replace(/[\s-]/g, "");

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** American Express cards have a four-digit security code; the others three. */
export const cvcLength = (digits: string) => (/^3[47]/.test(digits) ? 4 : 3);

/**
 * The checks every card processor makes before charging, one message per wrong field. The card
 * form runs them as the buyer submits and the test provider runs them again: one rule, two places.
 * A card is good through the last day of its expiry month.
 */
export function cardProblems(card: Card, now = new Date()): Partial<Record<CardField, string>> {
  const problems: Partial<Record<CardField, string>> = {};
  const digits = cardDigits(card.number);
  if (!digits) problems.number = MSG.payment.numberIncomplete;
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) problems.number = MSG.payment.numberInvalid;

  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    problems.expiry = MSG.payment.expiryMonthInvalid;
  } else {
    const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    if (Date.UTC(year, card.expMonth, 1) <= now.getTime()) problems.expiry = MSG.payment.expiryPast;
  }

  const length = cvcLength(digits);
  if (!card.cvc) problems.cvc = MSG.payment.cvcIncomplete;
  else if (!new RegExp(`^\\d{${length}}$`).test(card.cvc)) problems.cvc = MSG.payment.cvcLength(length);
  return problems;
}

/** "MM/YY", "MM / YYYY" or "MMYY" → month and year; null while it is not a whole date yet. */
function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim()) ?? /^(\d{2})(\d{2})$/.exec(value.trim());
  return m ? { expMonth: Number(m[1]), expYear: Number(m[2]) } : null;
}

/** The payment page's card form: what the buyer types → the card the server receives. */
export const CardFormSchema = z
  .object({ number: z.string(), expiry: z.string(), cvc: z.string() })
  .transform((form, ctx): Card => {
    const expiry = parseExpiry(form.expiry);
    const card: Card = {
      number: cardDigits(form.number.trim()),
      expMonth: expiry?.expMonth ?? 0,
      expYear: expiry?.expYear ?? 0,
      cvc: form.cvc.trim(),
    };
    const problems = cardProblems(card);
    if (!expiry) problems.expiry = MSG.payment.expiryIncomplete;
    for (const [field, message] of Object.entries(problems))
      ctx.addIssue({ code: "custom", path: [field], message });
    return card;
  });
export type CardForm = z.input<typeof CardFormSchema>;

export const PaymentIntentResponseSchema = z.object({
  provider: z.enum(["test", "stripe"]),
  intentId: z.string(),
  clientSecret: z.string(),
  /** Poisha. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  publishableKey: z.string().nullable(),
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

export const PaymentConfirmSchema = z.object({
  intentId: z.string().min(1).max(255),
  clientSecret: z.string().min(1).max(255),
  /** Required by the test provider; with Stripe the card never touches our server. */
  card: CardSchema.optional(),
});
export type PaymentConfirmReq = z.infer<typeof PaymentConfirmSchema>;

export const PaymentConfirmResponseSchema = z.object({
  status: z.literal("succeeded"),
  paymentId: z.string(),
  order: OrderSchema,
});
export type PaymentConfirmResponse = z.infer<typeof PaymentConfirmResponseSchema>;
