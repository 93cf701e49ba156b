import { z } from "zod";
import { pageOf } from "./paging.ts";
import { SellerSchema } from "./people.ts";

export const SellersPageSchema = pageOf(SellerSchema);
export const SellerResponseSchema = z.object({ seller: SellerSchema });
