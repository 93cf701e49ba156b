import { z } from "zod";
import { pageOf } from "./paging.ts";
import { PersonSchema, SellerSchema } from "./people.ts";

/**
 * A row of All sellers: the seller, how many bikes they have listed (any state; not those an admin
 * removed) and when they joined (ISO). Verify and unverify answer the same row.
 */
export const AdminSellerSchema = SellerSchema.extend({
  listings: z.number().int(),
  joinedAt: z.string(),
});
export type AdminSeller = z.infer<typeof AdminSellerSchema>;
export const SellersPageSchema = pageOf(AdminSellerSchema);
export type SellersPage = z.infer<typeof SellersPageSchema>;
export const SellerResponseSchema = z.object({ seller: AdminSellerSchema });

/**
 * A row of All buyers: every buyer account, with how many bookings they have made (any state) and
 * when they joined (ISO). No phone: a phone is given to a bike's seller for one meeting.
 */
export const AdminBuyerSchema = PersonSchema.extend({
  bookings: z.number().int(),
  joinedAt: z.string(),
});
export type AdminBuyer = z.infer<typeof AdminBuyerSchema>;
export const AdminBuyersPageSchema = pageOf(AdminBuyerSchema);
export type AdminBuyersPage = z.infer<typeof AdminBuyersPageSchema>;
