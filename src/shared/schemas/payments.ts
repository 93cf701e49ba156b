import { z } from "zod";
import { OrderSchema } from "./orders.ts";

export const CURRENCY = "BDT";
/** Payments are in poisha: taka × 100 (DESIGN.md decision 7). */
export const toPoisha = (taka: number) => taka * 100;

export const CardSchema = z.object({
  number: z.string().trim().min(1, { error: "Your card number is incomplete." }).max(23),
  expMonth: z.coerce.number().int().min(1, { error: "Your card's expiration month is invalid." }).max(12, {
    error: "Your card's expiration month is invalid.",
  }),
  expYear: z.coerce.number().int().min(0).max(2200, { error: "Your card's expiration year is invalid." }),
  cvc: z.string().trim().max(4, { error: "Your card's security code is invalid." }),
});
export type Card = z.infer<typeof CardSchema>;

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
