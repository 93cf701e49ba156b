import { z } from "zod";
import { MONEY_MSG } from "#shared/money-messages.ts";
import { normalisePhone } from "./orders.ts";

/** Where a seller can be paid, with the name each has on the page. */
export const PAYOUT_METHODS = { bkash: "bKash", nagad: "Nagad", bank: "Bank account" } as const;
export type PayoutMethod = keyof typeof PAYOUT_METHODS;

const text = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(100, { error: MONEY_MSG.payout.tooLong });

const Wallet = z.object({
  method: z.enum(["bkash", "nagad"], { error: MONEY_MSG.payout.methodRequired }),
  /** Stored as `+8801…`, however it was typed. */
  walletNumber: z
    .string({ error: MONEY_MSG.payout.walletInvalid })
    .max(40, { error: MONEY_MSG.payout.walletInvalid })
    .refine((v) => normalisePhone(v) !== null, { error: MONEY_MSG.payout.walletInvalid })
    .transform((v) => normalisePhone(v)!),
});

const Bank = z.object({
  method: z.literal("bank", { error: MONEY_MSG.payout.methodRequired }),
  accountName: text(MONEY_MSG.payout.accountNameRequired),
  bankName: text(MONEY_MSG.payout.bankNameRequired),
  branch: text(MONEY_MSG.payout.branchRequired),
  /** Digits only once spaces and dashes are gone. */
  accountNumber: z
    .string({ error: MONEY_MSG.payout.accountNumberInvalid })
    .max(40, { error: MONEY_MSG.payout.accountNumberInvalid })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .refine((v) => /^\d{6,20}$/.test(v), { error: MONEY_MSG.payout.accountNumberInvalid }),
});

/** `PUT /api/me/payout-details`: a wallet or a bank account, checked the same in the browser. */
export const PayoutDetailsSchema = z.discriminatedUnion("method", [Wallet, Bank], {
  error: MONEY_MSG.payout.methodRequired,
});
export type PayoutDetailsReq = z.input<typeof PayoutDetailsSchema>;
export type PayoutDetails = z.output<typeof PayoutDetailsSchema>;

/**
 * Where the seller is paid, as the API answers it: the method and its own fields, the other method's
 * null (one object rather than a union, which OpenAPI cannot make nullable); null when not set.
 */
export const PayoutAccountSchema = z.object({
  method: z.enum(["bkash", "nagad", "bank"]),
  walletNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  bankName: z.string().nullable(),
  branch: z.string().nullable(),
  accountNumber: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

export const PayoutDetailsResponseSchema = z.object({ details: PayoutAccountSchema.nullable() });
export type PayoutDetailsResponse = z.infer<typeof PayoutDetailsResponseSchema>;
