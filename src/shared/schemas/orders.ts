import { z } from "zod";
import { asciiDigits } from "#shared/digits.ts";
import { MAX_REASON_LENGTH } from "#shared/message-limits.ts";
import { MSG } from "#shared/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { ImageSchema } from "./images.ts";
import { ListingSchema } from "./listings.ts";
import { pageOf } from "./paging.ts";
import { PersonSchema } from "./people.ts";

/**
 * A Bangladeshi mobile number as people type it, once spaces and dashes are gone: `01XXXXXXXXX`,
 * `8801XXXXXXXXX` or `+8801XXXXXXXXX`, where 01 is followed by an operator digit 3–9 and 8 digits.
 */
const BD_MOBILE = /^(?:\+?88)?(01[3-9][0-9]{8})$/;

/**
 * `+8801712-345678`, `01712 345678`, `8801712345678`, `০১৭১২-৩৪৫৬৭৮` → `+8801712345678`; null when
 * not a BD mobile number.
 */
export function normalisePhone(typed: string): string | null {
  const match = BD_MOBILE.exec(asciiDigits(typed).replace(/[\s-]/g, ""));
  return match ? `+88${match[1]}` : null;
}

/**
 * The phone a seller gives on the profile page, for their buyers: optional, the booking form's rule,
 * stored in the same form. Empty removes it (null); absent leaves it as it is.
 */
export const SellerPhoneSchema = z
  .string()
  .trim()
  .max(40, { error: MSG.order.phoneInvalid })
  .refine((v) => v === "" || normalisePhone(v) !== null, { error: MSG.order.phoneInvalid })
  .transform((v) => (v === "" ? null : normalisePhone(v)!));

/** How many unpaid (held) bookings one buyer may have at once. */
export const MAX_HELD_ORDERS = 3;

export const BookingFieldsSchema = z.object({
  /** Stored and answered in one form, `+8801XXXXXXXXX`; `formatPhone` shows it as `01XXX-XXXXXX`. */
  phone: z
    .string({ error: MSG.order.phoneRequired })
    .trim()
    .min(1, { error: MSG.order.phoneRequired })
    .refine((v) => normalisePhone(v) !== null, { error: MSG.order.phoneInvalid })
    .transform((v) => normalisePhone(v)!),
  meetingLocation: z
    .string({ error: MSG.order.locationRequired })
    .trim()
    .min(1, { error: MSG.order.locationRequired })
    .max(200, { error: "at most 200 characters" }),
});

export const OrderCreateSchema = BookingFieldsSchema.extend({
  listingId: z.string().max(64),
  /** Whole taka: the price the buyer saw. When the asking price differs now, booking is refused (409). */
  expectedPrice: z
    .number({ error: MSG.listing.filterWholeNumber })
    .int({ error: MSG.listing.filterWholeNumber })
    .positive({ error: MSG.listing.filterWholeNumber })
    .optional(),
});
export type OrderCreateReq = z.infer<typeof OrderCreateSchema>;

/**
 * `held`: booked, unpaid, the bike kept for the buyer until `holdUntil`; `paid`: the bike is theirs;
 * `expired`: not paid in time; `cancelled`: the buyer let it go; `released`: the seller let it go.
 * The last three end the booking (`endedAt`) and put the bike back on sale.
 */
export const ORDER_STATUSES = ["held", "paid", "expired", "cancelled", "released"] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/**
 * A paid order's receipt: the provider's payment id (`cash:<order id>` for cash), the amount in
 * whole taka, when it was paid, and how: by card, or in cash at the meeting.
 */
export const ReceiptSchema = z.object({
  paymentId: z.string(),
  amount: z.number().int(),
  paidAt: z.string(),
  method: z.enum(["card", "cash"]),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/**
 * Cash at the meeting: when the seller said the buyer paid in cash, and when the buyer disputed it
 * (null until then). Null on a booking nobody marked.
 */
export const CashMarkSchema = z.object({ markedAt: z.string(), disputedAt: z.string().nullable() });
export type CashMark = z.infer<typeof CashMarkSchema>;

/**
 * Card money MotoHaat holds until the handover (decision 028): when it goes to the seller unasked, when
 * the buyer said they have the bike and its papers, and when the money went to the seller's balance.
 * Null for cash, and before the order is paid.
 */
/** What went wrong with a handover, as the buyer says it. */
export const DISPUTE_REASONS = ["not_handed_over", "not_as_described"] as const;
export const DisputeReasonSchema = z.enum(DISPUTE_REASONS);

/**
 * The buyer's dispute of a handover, as both people read it: what they said and when, and once an
 * admin decided, what (`refund` to the buyer, `release` to the seller), when, and the admin's note.
 */
export const HandoverDisputeSchema = z.object({
  reason: DisputeReasonSchema,
  description: z.string(),
  openedAt: z.string(),
  decision: z.enum(["refund", "release"]).nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * When the card provider gave the money back. A refund is decided first and made after (decision
   * 028): until then — a provider outage, an admin's retry — the money is still on its way.
   */
  refundedAt: z.string().nullable(),
});
export type HandoverDispute = z.infer<typeof HandoverDisputeSchema>;

export const HandoverSchema = z.object({
  releaseDueAt: z.string(),
  handedOverAt: z.string().nullable(),
  moneyReleasedAt: z.string().nullable(),
  /** The buyer's dispute, if they made one: the money stays held until an admin decides it. */
  dispute: HandoverDisputeSchema.nullable(),
});
export type Handover = z.infer<typeof HandoverSchema>;

export const OrderSchema = z.object({
  id: z.string(),
  status: OrderStatusSchema,
  /** While `held`: when the bike stops being kept for the buyer (ISO); null in every other state. */
  holdUntil: z.string().nullable(),
  /** When it became expired, cancelled or released (ISO); null while held and once paid. */
  endedAt: z.string().nullable(),
  receipt: ReceiptSchema.nullable(),
  bookedAt: z.string(),
  /** Whole taka: the asking price when the bike was booked. */
  price: z.number().int(),
  phone: z.string(),
  meetingLocation: z.string(),
  paid: z.boolean(),
  paidAt: z.string().nullable(),
  /** The seller's cash mark on this booking, if any. */
  cash: CashMarkSchema.nullable(),
  handover: HandoverSchema.nullable(),
  /**
   * The seller's phone, only while the booking is held or paid (decision 015); null then too when
   * the seller has not given one.
   */
  sellerPhone: z.string().nullable(),
  listing: ListingSchema,
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderResponseSchema = z.object({ order: OrderSchema });
export const OrdersPageSchema = pageOf(OrderSchema);
export type OrdersPage = z.infer<typeof OrdersPageSchema>;

/**
 * A booking of one of the seller's bikes, as My buyers shows it: which bike, who, where, when and in
 * what state. The buyer's `email` and `phone` only while the booking is held or paid: the seller needs
 * them to meet that buyer, and has no need for the contact of someone whose booking ended.
 */
export const SellerBookingSchema = z.object({
  id: z.string(),
  status: OrderStatusSchema,
  /** While `held`: until when the bike is kept for the buyer (ISO); null in every other state. */
  holdUntil: z.string().nullable(),
  bookedAt: z.string(),
  paidAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Whole taka: the asking price when the bike was booked. */
  price: z.number().int(),
  meetingLocation: z.string(),
  listing: z.object({ id: z.string(), model: z.string(), photo: ImageSchema }),
  buyer: PersonSchema.extend({ email: z.string().nullable(), phone: z.string().nullable() }),
  /** The seller's own cash mark on this booking, if any. */
  cash: CashMarkSchema.nullable(),
  /** How a paid booking was paid; null while not paid. */
  paidWith: z.enum(["card", "cash"]).nullable(),
  handover: HandoverSchema.nullable(),
});
export type SellerBooking = z.infer<typeof SellerBookingSchema>;
export const SellerBookingsPageSchema = pageOf(SellerBookingSchema);
export type SellerBookingsPage = z.infer<typeof SellerBookingsPageSchema>;

/** The buyer's "No, I didn't": why, if they like (the seller reads it in their notification). */
export const CashDisputeSchema = z.object({
  reason: z.string().trim().max(MAX_REASON_LENGTH, { error: TALK_MSG.cash.reasonTooLong }).optional(),
});
export type CashDisputeReq = z.infer<typeof CashDisputeSchema>;

const DisputePartySchema = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });

/** A held booking whose buyer disputed the seller's cash mark, as the admins' list shows it. */
export const CashDisputeItemSchema = z.object({
  orderId: z.string(),
  listing: z.object({ id: z.string(), model: z.string() }),
  /** Whole taka. */
  price: z.number().int(),
  /** Name and email: the admin deciding may need to write to either (decision 015: a need). */
  buyer: DisputePartySchema,
  seller: DisputePartySchema,
  markedAt: z.string(),
  disputedAt: z.string(),
  /** What the buyer said when disputing, if anything. */
  reason: z.string().nullable(),
  /** The booking runs out then unless someone decides first (the hold runs again from the dispute). */
  holdUntil: z.string(),
});
export type CashDisputeItem = z.infer<typeof CashDisputeItemSchema>;
export const CashDisputesPageSchema = pageOf(CashDisputeItemSchema);
export type CashDisputesPage = z.infer<typeof CashDisputesPageSchema>;

/** An admin's decision on a disputed cash mark: the buyer paid (the order is paid in cash) or release the bike. */
export const CashResolveSchema = z.object({ decision: z.enum(["paid", "release"]) });
export type CashResolveReq = z.infer<typeof CashResolveSchema>;
