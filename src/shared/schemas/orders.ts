import { z } from "zod";
import { MSG } from "#shared/messages.ts";
import { ImageSchema } from "./images.ts";
import { ListingSchema } from "./listings.ts";
import { pageOf } from "./paging.ts";
import { PersonSchema } from "./people.ts";

/**
 * A Bangladeshi mobile number as people type it, once spaces and dashes are gone: `01XXXXXXXXX`,
 * `8801XXXXXXXXX` or `+8801XXXXXXXXX`, where 01 is followed by an operator digit 3–9 and 8 digits.
 */
const BD_MOBILE = /^(?:\+?88)?(01[3-9][0-9]{8})$/;

/** `+8801712-345678`, `01712 345678`, `8801712345678` → `+8801712345678`; null when not a BD mobile number. */
export function normalisePhone(typed: string): string | null {
  const match = BD_MOBILE.exec(typed.replace(/[\s-]/g, ""));
  return match ? `+88${match[1]}` : null;
}

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

/** A paid order's receipt: the provider's payment id, the amount in whole taka, when it was paid. */
export const ReceiptSchema = z.object({
  paymentId: z.string(),
  amount: z.number().int(),
  paidAt: z.string(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

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
});
export type SellerBooking = z.infer<typeof SellerBookingSchema>;
export const SellerBookingsPageSchema = pageOf(SellerBookingSchema);
export type SellerBookingsPage = z.infer<typeof SellerBookingsPageSchema>;
