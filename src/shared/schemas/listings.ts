import { z } from "zod";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import { asciiDigits } from "#shared/digits.ts";
import { DISTRICT_SLUGS } from "#shared/districts.ts";
import { formatNumber, formatTaka } from "#shared/format.ts";
import { LISTING_FILTER_KEYS } from "#shared/listing-filters.ts";
import { MSG } from "#shared/messages.ts";
import { ImageSchema } from "./images.ts";
import { PageQuerySchema, pageOf } from "./paging.ts";
import { PublicSellerSchema } from "./people.ts";

const requiredText = (message: string, max = 120) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `at most ${max} characters` });

/** A decimal number as text: "150000", " 2020 ", "10.5", "-1". */
const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Numeric text (a form's field, multipart) becomes its number; anything else is left as it is for
 * `z.number` to refuse with the field's message. Not `z.coerce`: it turns JSON's null, false and []
 * into 0, true into 1 and [2020] into 2020, so `{"kmRun": null}` would quietly set 0 km.
 */
const numericText = (v: unknown) => {
  // Bengali digits, as a Bangla keyboard types them, are the same number (asciiDigits).
  const text = typeof v === "string" ? asciiDigits(v).trim() : undefined;
  return text !== undefined && NUMERIC_TEXT.test(text) ? Number(text) : v;
};

/** Whole, positive numbers typed into a form (strings in multipart, numbers from JSON). */
const positiveInt = (message: string, max: number, show: (n: number) => string = (n) => formatNumber(n)) =>
  z.preprocess(
    numericText,
    z
      .number({ error: message })
      .int({ error: `${message} (a whole number)` })
      .positive({ error: message })
      .max(max, { error: `at most ${show(max)}` }),
  );

// The limits live apart from the schemas so the browser can read them without loading zod.
import {
  MAX_AREA,
  MAX_ASKING_PRICE,
  MAX_DESCRIPTION,
  MAX_KM_RUN,
  MAX_PHOTOS,
  MIN_YEAR,
  maxYear,
} from "#shared/listing-limits.ts";

export { MAX_AREA, MAX_ASKING_PRICE, MAX_DESCRIPTION, MAX_KM_RUN, MAX_PHOTOS, MIN_YEAR, maxYear };

/** A form's yes/no: a boolean in JSON, "true"/"false" in multipart and query strings. */
const yesNo = (message: string) =>
  z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], { error: message });

/** An empty form field is no answer: "" → undefined, so `.optional()` and the required message apply. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/**
 * A form posts a textarea's line breaks as CRLF (HTML's rule for form data), JSON as typed: stored
 * one way, so a description reads and counts the same however it was sent (the textarea counts LF).
 */
const unixLineBreaks = (v: unknown) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v);

/** Optional free text: blank means none (null), otherwise trimmed and at most `max` characters. */
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : blankToUndefined(unixLineBreaks(v))),
    z
      .string()
      .trim()
      .max(max, { error: `at most ${formatNumber(max)} characters` })
      .optional(),
  );

/** A month and year, as `<input type="month">` gives it: `2027-06`. Blank means not given. */
const optionalMonth = z.preprocess(
  (v) => (v === null ? undefined : blankToUndefined(v)),
  z
    .string()
    .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, { error: MSG.listing.monthInvalid })
    .optional(),
);

const yearField = z.preprocess(
  (v) => numericText(blankToUndefined(v)),
  z
    .number({ error: MSG.listing.yearRequired })
    .int({ error: MSG.listing.yearRequired })
    .refine((y) => y >= MIN_YEAR && y <= maxYear(), {
      error: () => MSG.listing.yearRange(MIN_YEAR, maxYear()),
    }),
);

const kmRunField = z.preprocess(
  (v) => numericText(blankToUndefined(v)),
  z
    .number({ error: MSG.listing.kmRunRequired })
    .int({ error: `${MSG.listing.kmRunRequired} (a whole number)` })
    .min(0, { error: MSG.listing.kmRunRequired })
    .max(MAX_KM_RUN, { error: `at most ${formatNumber(MAX_KM_RUN)} km` }),
);

/** In an edit, blank or null clears an optional field (absent leaves it as it is). */
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const clearableText = (max: number) =>
  z.preprocess(
    (v) => blankToNull(unixLineBreaks(v)),
    z
      .string()
      .trim()
      .max(max, { error: `at most ${formatNumber(max)} characters` })
      .nullable(),
  );
const clearableMonth = z.preprocess(
  blankToNull,
  z
    .string()
    .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, { error: MSG.listing.monthInvalid })
    .nullable(),
);

/** The Add Product form's text fields; the photos travel beside them as files. */
export const ListingCreateFieldsSchema = z.object({
  model: requiredText(MSG.listing.modelRequired),
  engineCc: positiveInt(MSG.listing.engineRequired, 5000),
  category: z.enum(CATEGORY_SLUGS, { error: MSG.listing.categoryInvalid }).default("commuter"),
  brand: requiredText(MSG.listing.brandRequired, 60),
  brandNewPrice: positiveInt(MSG.listing.brandNewPriceRequired, 100_000_000, formatTaka),
  askingPrice: positiveInt(MSG.listing.askingPriceRequired, MAX_ASKING_PRICE, formatTaka),
  totalUsed: requiredText(MSG.listing.totalUsedRequired, 60),
  year: yearField,
  kmRun: kmRunField,
  district: z.preprocess(blankToUndefined, z.enum(DISTRICT_SLUGS, { error: MSG.listing.districtRequired })),
  area: optionalText(MAX_AREA),
  description: optionalText(MAX_DESCRIPTION),
  hasRegistration: z.preprocess(blankToUndefined, yesNo(MSG.listing.hasRegistrationRequired)),
  taxTokenUntil: optionalMonth,
  insuranceUntil: optionalMonth,
  nameTransfer: z.preprocess(blankToUndefined, yesNo(MSG.listing.yesNoInvalid).default(false)),
  negotiable: z.preprocess(blankToUndefined, yesNo(MSG.listing.yesNoInvalid).default(true)),
});
export type ListingCreateFields = z.infer<typeof ListingCreateFieldsSchema>;

/**
 * `PATCH /api/listings/:id` (JSON): any of the form's fields, and `photoIds` — the listing's photos in
 * their new order (the first is the cover), each a photo it has now or one uploaded with
 * `POST /api/listings/photos`. Clearing an optional field is sending it as null or "".
 */
const ListingUpdateFieldsSchema = ListingCreateFieldsSchema.extend({
  category: z.enum(CATEGORY_SLUGS, { error: MSG.listing.categoryInvalid }),
  area: clearableText(MAX_AREA),
  description: clearableText(MAX_DESCRIPTION),
  taxTokenUntil: clearableMonth,
  insuranceUntil: clearableMonth,
  nameTransfer: yesNo(MSG.listing.yesNoInvalid),
  negotiable: yesNo(MSG.listing.yesNoInvalid),
  photoIds: z
    .array(z.string().min(1).max(200), { error: MSG.listing.photoRequired })
    .min(1, { error: MSG.listing.photoRequired })
    .max(MAX_PHOTOS, { error: MSG.listing.tooManyPhotos(MAX_PHOTOS) }),
}).partial();
/** No body, or one that is not an object (null, [], "x"): nothing to update, said as for `{}`. */
export const ListingUpdateSchema = z.strictObject(ListingUpdateFieldsSchema.shape, {
  error: (issue) => (issue.code === "invalid_type" ? MSG.listing.nothingToUpdate : undefined),
});
export type ListingUpdate = z.infer<typeof ListingUpdateSchema>;

const ListingStatusSchema = z.enum(["available", "sold"]);

/** One of a listing's photos; `id` names it in `photoIds` when the listing is edited. */
export const ListingPhotoSchema = ImageSchema.extend({ id: z.string() });
export type ListingPhoto = z.infer<typeof ListingPhotoSchema>;
export const ListingPhotoResponseSchema = z.object({ photo: ListingPhotoSchema });

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
  year: z.number().int(),
  kmRun: z.number().int(),
  district: z.object({ slug: z.string(), label: z.string() }),
  area: z.string().nullable(),
  description: z.string().nullable(),
  hasRegistration: z.boolean(),
  taxTokenUntil: z.string().nullable(),
  insuranceUntil: z.string().nullable(),
  nameTransfer: z.boolean(),
  negotiable: z.boolean(),
  /** The cover photo (the first of `photos` on the details answer). */
  photo: ImageSchema,
  seller: PublicSellerSchema,
  advertised: z.boolean(),
  status: ListingStatusSchema,
});
export type Listing = z.infer<typeof ListingSchema>;

export const LISTING_SORTS = ["newest", "price_asc", "price_desc", "km_asc", "year_desc"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** Whole numbers from a query string; blank is "no filter". */
const queryInt = (min: number, max: number) =>
  z.preprocess(
    (v) => blankToUndefined(typeof v === "string" ? asciiDigits(v) : v),
    z.coerce
      .number({ error: MSG.listing.filterWholeNumber })
      .int({ error: MSG.listing.filterWholeNumber })
      .min(min, { error: `at least ${formatNumber(min)}` })
      .max(max, { error: `at most ${formatNumber(max)}` })
      .optional(),
  );

/** A filter that is on when "true"; "false" or blank is the same as leaving it out. */
const queryFlag = z.preprocess(
  blankToUndefined,
  z.enum(["true", "false"], { error: MSG.listing.filterFlag }).optional(),
);

/**
 * `GET /api/listings`: what a buyer narrows the market by. Every filter is optional; blank values
 * (an emptied form field in a shared link) mean "no filter"; a bad value is a 400 naming the field.
 */
export const ListingsQuerySchema = PageQuerySchema.extend({
  category: z.string().max(40).default("all"),
  q: z.preprocess(blankToUndefined, z.string().trim().max(80, { error: "at most 80 characters" }).optional()),
  brand: z.preprocess(
    blankToUndefined,
    z.string().trim().max(60, { error: "at most 60 characters" }).optional(),
  ),
  minPrice: queryInt(0, MAX_ASKING_PRICE),
  maxPrice: queryInt(0, MAX_ASKING_PRICE),
  minCc: queryInt(0, 5000),
  maxCc: queryInt(0, 5000),
  minYear: queryInt(MIN_YEAR, 2100),
  maxYear: queryInt(MIN_YEAR, 2100),
  maxKm: queryInt(0, MAX_KM_RUN),
  district: z.preprocess(
    blankToUndefined,
    z.enum(DISTRICT_SLUGS, { error: MSG.listing.filterDistrict }).optional(),
  ),
  verified: queryFlag,
  negotiable: queryFlag,
  sold: z.preprocess(
    blankToUndefined,
    z.enum(["include", "exclude"], { error: MSG.listing.filterSold }).default("exclude"),
  ),
  seller: z.preprocess(blankToUndefined, z.string().max(64).optional()),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(LISTING_SORTS, { error: MSG.listing.filterSort(LISTING_SORTS.join(", ")) }).default("newest"),
  ),
});
export type ListingsQuery = z.infer<typeof ListingsQuerySchema>;

/** Counting stops here: past it a page says "1,000+" (an exact count of a big market costs too much). */
export const TOTAL_CAP = 1000;

/** A page of search results: `total` matching bikes, or at least `total` when `totalIsCapped`. */
export const ListingsSearchPageSchema = pageOf(ListingSchema).extend({
  total: z.number().int(),
  totalIsCapped: z.boolean(),
});
export type ListingsSearchPage = z.infer<typeof ListingsSearchPageSchema>;

/**
 * `GET /api/listings/nearby`: for a search that found nothing, the nearest searches that find
 * something, each one change away: `key` set to `value` (null: left out), and how many it finds.
 * The nearest first: a price widened by 20 % before a filter left out, the search text last.
 */
export const NearbySearchSchema = z.object({
  key: z.enum(LISTING_FILTER_KEYS),
  value: z.string().nullable(),
  total: z.number().int(),
  totalIsCapped: z.boolean(),
});
export type NearbySearch = z.infer<typeof NearbySearchSchema>;
export const NearbySearchesSchema = z.object({ searches: z.array(NearbySearchSchema) });
export type NearbySearches = z.infer<typeof NearbySearchesSchema>;

export const ListingsPageSchema = pageOf(ListingSchema);
export type ListingsPage = z.infer<typeof ListingsPageSchema>;

/**
 * The live booking of one of the seller's own bikes, on its My products card: held (until
 * `holdUntil`) or paid, and by whom. Null while the bike is for sale.
 */
export const ListingOrderSchema = z.object({
  status: z.enum(["held", "paid"]),
  holdUntil: z.string().nullable(),
  buyerName: z.string(),
});
export type ListingOrder = z.infer<typeof ListingOrderSchema>;

/** `GET /api/me/listings`: the seller's bikes, each with its live booking. */
export const MyListingSchema = ListingSchema.extend({ order: ListingOrderSchema.nullable() });
export type MyListing = z.infer<typeof MyListingSchema>;
export const MyListingsPageSchema = pageOf(MyListingSchema);
export type MyListingsPage = z.infer<typeof MyListingsPageSchema>;

/** The brands with a visible bike for sale, each as most of its listings spell it: the brand filter's choices. */
export const BrandsResponseSchema = z.object({ brands: z.array(z.string()) });

/**
 * Where the asking price sits among comparable bikes (same brand and model, year within ±2, for sale
 * or sold in the last year): `difference` is asking − typical, in taka; null below 3 comparables.
 */
export const PriceHintSchema = z.object({
  typicalPrice: z.number().int(),
  comparables: z.number().int(),
  difference: z.number().int(),
  verdict: z.enum(["below", "about", "above"]),
});
export type PriceHint = z.infer<typeof PriceHintSchema>;

export const ListingResponseSchema = z.object({ listing: ListingSchema });
/**
 * The signed-in buyer's own live booking of this bike (held or paid): the details page says
 * "Booked by you" instead of `Stock Out`. Null for everyone else.
 */
export const MyOrderSchema = z.object({
  id: z.string(),
  status: z.enum(["held", "paid"]),
  holdUntil: z.string().nullable(),
});
export type MyOrder = z.infer<typeof MyOrderSchema>;

/**
 * One listing with every photo in order; `reportedByMe`: whether the signed-in buyer has already
 * reported it (their button reads "reported"); `myOrder`: see MyOrderSchema; `priceHint`: see
 * PriceHintSchema.
 */
export const ListingDetailResponseSchema = z.object({
  listing: ListingSchema.extend({ photos: z.array(ListingPhotoSchema) }),
  reportedByMe: z.boolean(),
  myOrder: MyOrderSchema.nullable(),
  priceHint: PriceHintSchema.nullable(),
});
export type ListingDetailResponse = z.infer<typeof ListingDetailResponseSchema>;
