import { z } from "zod";
import { pageOf } from "./paging.ts";

/** Every way a seller's money moves (decision 028), as the ledger names it. */
export const LEDGER_KINDS = ["received", "refunded", "released", "fee", "paid_out"] as const;
export const LedgerKindSchema = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKindSchema>;

/** One line of a seller's statement: an entry of the ledger, in whole taka. */
export const EarningsEntrySchema = z.object({
  id: z.string(),
  kind: LedgerKindSchema,
  /** Whole taka, always positive: the kind says which way it moved. */
  amount: z.number().int(),
  at: z.string(),
  /** The order (and its bike) the money is for; null for a payout. */
  order: z.object({ id: z.string(), model: z.string() }).nullable(),
  /** A payout's transfer reference (a bKash transaction id, a bank reference); null for the rest. */
  reference: z.string().nullable(),
});
export type EarningsEntry = z.infer<typeof EarningsEntrySchema>;

/** Where a seller's money is, in whole taka, summed from their entries. */
export const EarningsBalanceSchema = z.object({
  /** Paid by buyers, held by MotoHaat until the handover. */
  held: z.number().int(),
  /** Released to the seller, less fees and payouts: owed to them. */
  available: z.number().int(),
  paidOut: z.number().int(),
  fees: z.number().int(),
});
export type EarningsBalance = z.infer<typeof EarningsBalanceSchema>;

/** `GET /api/me/earnings`: the balance and a page of the statement, newest first. */
export const EarningsPageSchema = pageOf(EarningsEntrySchema).extend({ balance: EarningsBalanceSchema });
export type EarningsPage = z.infer<typeof EarningsPageSchema>;
