import { z } from "zod";
import { MSG } from "#shared/messages.ts";
import { ListingSchema } from "./listings.ts";
import { pageOf } from "./paging.ts";
import { PersonSchema } from "./people.ts";

/** Bangladeshi and international numbers as people type them: digits, spaces, dashes, a leading +. */
const PHONE = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;

export const BookingFieldsSchema = z.object({
  phone: z
    .string({ error: MSG.order.phoneRequired })
    .trim()
    .min(1, { error: MSG.order.phoneRequired })
    .regex(PHONE, { error: MSG.order.phoneInvalid }),
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

export const OrderSchema = z.object({
  id: z.string(),
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

/** A row of My buyers / All buyers: the phone is the one given at the buyer's latest booking. */
const BuyerRowSchema = PersonSchema.extend({ phone: z.string() });
export const BuyersPageSchema = pageOf(BuyerRowSchema);
export type BuyersPage = z.infer<typeof BuyersPageSchema>;
