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
