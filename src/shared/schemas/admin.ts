import { z } from "zod";
import { PersonSchema } from "./orders.ts";
import { pageOf } from "./paging.ts";

export const SellerRowSchema = PersonSchema.extend({ verified: z.boolean() });
export type SellerRow = z.infer<typeof SellerRowSchema>;
export const SellersPageSchema = pageOf(SellerRowSchema);
export const SellerResponseSchema = z.object({ seller: SellerRowSchema });
