import { z } from "zod";
import { PersonSchema } from "./orders.ts";

export const SellerRowSchema = PersonSchema.extend({ verified: z.boolean() });
export type SellerRow = z.infer<typeof SellerRowSchema>;
export const SellersPageSchema = z.object({
  items: z.array(SellerRowSchema),
  nextCursor: z.string().nullable(),
});
export const SellerResponseSchema = z.object({ seller: SellerRowSchema });
