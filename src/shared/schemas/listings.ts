import { z } from "zod";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import { formatTaka } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import { ImageSchema } from "./images.ts";
import { PageQuerySchema, pageOf } from "./paging.ts";
import { SellerSchema } from "./people.ts";

const requiredText = (message: string, max = 120) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `at most ${max} characters` });

/** Whole, positive numbers typed into a form (strings in multipart, numbers from JSON). */
const positiveInt = (
  message: string,
  max: number,
  show: (n: number) => string = (n) => n.toLocaleString("en-US"),
) =>
  z.coerce
    .number({ error: message })
    .int({ error: `${message} (a whole number)` })
    .positive({ error: message })
    .max(max, { error: `at most ${show(max)}` });

/**
 * The highest asking price, ৳1,00,00,000 (one crore): a buyer pays it by card, in poisha, and
 * 10⁹ poisha still fits the payment tables' integer columns (2³¹ − 1) with room to spare.
 */
export const MAX_ASKING_PRICE = 10_000_000;

/** The Add Product form's text fields; the photo travels beside them as a file. */
export const ListingCreateFieldsSchema = z.object({
  model: requiredText(MSG.listing.modelRequired),
  engineCc: positiveInt(MSG.listing.engineRequired, 5000),
  category: z.enum(CATEGORY_SLUGS, { error: MSG.listing.categoryInvalid }).default("commuter"),
  brand: requiredText(MSG.listing.brandRequired, 60),
  brandNewPrice: positiveInt(MSG.listing.brandNewPriceRequired, 100_000_000, formatTaka),
  askingPrice: positiveInt(MSG.listing.askingPriceRequired, MAX_ASKING_PRICE, formatTaka),
  totalUsed: requiredText(MSG.listing.totalUsedRequired, 60),
});
export type ListingCreateFields = z.infer<typeof ListingCreateFieldsSchema>;

const ListingStatusSchema = z.enum(["available", "sold"]);

export const ListingSchema = z.object({
  id: z.string(),
  postedAt: z.string(),
  model: z.string(),
  engineCc: z.number().int(),
  brand: z.string(),
  category: z.object({ slug: z.string(), label: z.string() }),
  brandNewPrice: z.number().int(),
  askingPrice: z.number().int(),
  totalUsed: z.string(),
  photo: ImageSchema,
  seller: SellerSchema,
  advertised: z.boolean(),
  status: ListingStatusSchema,
});
export type Listing = z.infer<typeof ListingSchema>;

export const ListingsQuerySchema = PageQuerySchema.extend({
  category: z.string().max(40).default("all"),
});

export const ListingsPageSchema = pageOf(ListingSchema);
export type ListingsPage = z.infer<typeof ListingsPageSchema>;

export const ListingResponseSchema = z.object({ listing: ListingSchema });
/** `reportedByMe`: whether the signed-in buyer has already reported it (their button reads "reported"). */
export const ListingDetailResponseSchema = z.object({ listing: ListingSchema, reportedByMe: z.boolean() });
export type ListingDetailResponse = z.infer<typeof ListingDetailResponseSchema>;
