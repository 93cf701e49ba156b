import { z } from "zod";
import { ImageSchema } from "./images.ts";

/** Someone as other people see them: a buyer in My buyers, a seller in All sellers, a reporter. */
export const PersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  photo: ImageSchema.nullable(),
});
export type Person = z.infer<typeof PersonSchema>;

/** A seller on a listing and in All sellers: `verified` is the admin's tick beside the name. */
export const SellerSchema = PersonSchema.extend({ verified: z.boolean() });
export type Seller = z.infer<typeof SellerSchema>;

/**
 * A seller's rating by the buyers of their paid orders: the average stars to one decimal (0 with no
 * rating) and how many ratings count (removed ones do not).
 */
export const SellerRatingSchema = z.object({ average: z.number(), count: z.number().int() });
export type SellerRating = z.infer<typeof SellerRatingSchema>;

/**
 * A seller as anyone may see them, signed in or not (on a listing, on their page): no email or
 * phone, which only people with a need for them get (decision 015).
 */
export const PublicSellerSchema = z.object({
  id: z.string(),
  name: z.string(),
  photo: ImageSchema.nullable(),
  verified: z.boolean(),
  rating: SellerRatingSchema,
});
export type PublicSeller = z.infer<typeof PublicSellerSchema>;

/** `GET /api/sellers/:id`: a seller's public page. `memberSince` is when they joined (ISO). */
export const SellerProfileSchema = PublicSellerSchema.extend({
  memberSince: z.string(),
  bikesSold: z.number().int(),
  bikesForSale: z.number().int(),
});
export type SellerProfile = z.infer<typeof SellerProfileSchema>;
export const SellerProfileResponseSchema = z.object({ seller: SellerProfileSchema });
