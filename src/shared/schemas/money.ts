import { z } from "zod";
import { MONEY_MSG } from "#shared/money-messages.ts";
import { MessageSchema } from "./messages.ts";
import { DISPUTE_REASONS, HandoverDisputeSchema } from "./orders.ts";
import { pageOf } from "./paging.ts";
import { PayoutAccountSchema } from "./payouts.ts";

/**
 * The admins' side of the money (issue 23, decision 028): handover disputes to decide, what each
 * seller is owed and the payouts recorded, and the log of every admin action on money.
 */

/** `POST /api/orders/:id/dispute`: what went wrong, and the buyer's account of it. */
export const DisputeHandoverSchema = z.object({
  // Its own message: the market's first load does not carry MONEY_MSG (schemas/orders.ts is in it).
  reason: z.enum(DISPUTE_REASONS, { error: MONEY_MSG.dispute.reasonRequired }),
  description: z
    .string({ error: MONEY_MSG.dispute.descriptionTooShort })
    .trim()
    .min(20, { error: MONEY_MSG.dispute.descriptionTooShort })
    .max(2000, { error: MONEY_MSG.dispute.descriptionTooLong }),
});
export type DisputeHandoverReq = z.infer<typeof DisputeHandoverSchema>;

/** An admin's decision on a handover dispute: the money back to the buyer or on to the seller, and why. */
export const DecideDisputeSchema = z.object({
  decision: z.enum(["refund", "release"]),
  note: z
    .string({ error: MONEY_MSG.dispute.noteTooShort })
    .trim()
    .min(10, { error: MONEY_MSG.dispute.noteTooShort })
    .max(1000, { error: MONEY_MSG.dispute.noteTooLong }),
});
export type DecideDisputeReq = z.infer<typeof DecideDisputeSchema>;

/** Someone in a money matter as an admin sees them: the admin may need to write or call (decision 015: a need). */
const PartySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** An open handover dispute, with the order, both people and their messages about the bike. */
export const HandoverDisputeItemSchema = z.object({
  orderId: z.string(),
  listing: z.object({ id: z.string(), model: z.string() }),
  /** Whole taka: what the buyer paid and MotoHaat holds. */
  price: z.number().int(),
  paidAt: z.string(),
  /** When the money would have gone to the seller had nobody disputed. */
  releaseDueAt: z.string(),
  buyer: PartySchema,
  seller: PartySchema,
  dispute: HandoverDisputeSchema,
  /** Their conversation about this bike, newest 100, oldest first; empty when they never wrote. */
  messages: z.array(MessageSchema),
});
export type HandoverDisputeItem = z.infer<typeof HandoverDisputeItemSchema>;
export const HandoverDisputesPageSchema = pageOf(HandoverDisputeItemSchema);
export type HandoverDisputesPage = z.infer<typeof HandoverDisputesPageSchema>;

/** A seller MotoHaat owes money, with where to pay it (null until they say). */
export const OwedSellerSchema = z.object({
  seller: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  /** Whole taka: released to them, less fees and payouts. */
  owed: z.number().int(),
  details: PayoutAccountSchema.nullable(),
});
export type OwedSeller = z.infer<typeof OwedSellerSchema>;

/** `GET /api/admin/payouts`: every seller owed something, the most owed first, and the total. */
export const OwedListSchema = z.object({ items: z.array(OwedSellerSchema), total: z.number().int() });
export type OwedList = z.infer<typeof OwedListSchema>;

/** `POST /api/admin/payouts`: a transfer the admin has made to a seller. */
export const RecordPayoutSchema = z.object({
  sellerId: z.string().max(64),
  /** Whole taka sent: at most what is owed. */
  amount: z
    .number({ error: MONEY_MSG.payouts.amountInvalid })
    .int({ error: MONEY_MSG.payouts.amountInvalid })
    .min(1, { error: MONEY_MSG.payouts.amountInvalid })
    .max(100_000_000, { error: MONEY_MSG.payouts.amountInvalid }),
  reference: z
    .string({ error: MONEY_MSG.payouts.referenceRequired })
    .trim()
    .min(1, { error: MONEY_MSG.payouts.referenceRequired })
    .max(100, { error: MONEY_MSG.payouts.referenceTooLong }),
  note: z.string().trim().max(1000, { error: MONEY_MSG.payouts.noteTooLong }).optional(),
});
export type RecordPayoutReq = z.infer<typeof RecordPayoutSchema>;

/** One admin action on money, as the log shows it. Whole taka. */
export const MoneyActionSchema = z.object({
  id: z.string(),
  action: z.enum(["payout", "refund", "release"]),
  admin: z.object({ id: z.string(), name: z.string() }),
  seller: z.object({ id: z.string(), name: z.string() }),
  /** The disputed order and its bike; null for a payout. */
  order: z.object({ id: z.string(), model: z.string() }).nullable(),
  amount: z.number().int(),
  /** A payout's transfer reference and where it went; null otherwise. */
  reference: z.string().nullable(),
  paidTo: z.string().nullable(),
  note: z.string(),
  at: z.string(),
});
export type MoneyAction = z.infer<typeof MoneyActionSchema>;
export const MoneyLogPageSchema = pageOf(MoneyActionSchema);
export type MoneyLogPage = z.infer<typeof MoneyLogPageSchema>;

export const PayoutResponseSchema = z.object({ payout: MoneyActionSchema });
