import { z } from "zod";
import { ListingSchema } from "./listings.ts";
import { pageOf } from "./paging.ts";

/** `/api/saved/:listingId`: the bike saved or unsaved. */
export const SavedParamsSchema = z.object({ listingId: z.string().max(64) });

/** `PUT` and `DELETE /api/saved/:listingId`: whether the bike is saved now (both are idempotent). */
export const SavedStateSchema = z.object({ saved: z.boolean() });
export type SavedState = z.infer<typeof SavedStateSchema>;

/** `GET /api/saved/ids`: every bike the buyer saved, for the hearts on cards (no bike's details). */
export const SavedIdsSchema = z.object({ ids: z.array(z.string()) });
export type SavedIds = z.infer<typeof SavedIdsSchema>;

/**
 * One saved bike: the listing as cards show it, the asking price when it was saved (a lower asking
 * price now reads "price dropped from ৳X") and when.
 */
export const SavedItemSchema = z.object({
  listing: ListingSchema,
  savedPrice: z.number().int(),
  savedAt: z.string(),
});
export type SavedItem = z.infer<typeof SavedItemSchema>;

/** `GET /api/saved`: newest saved first. */
export const SavedPageSchema = pageOf(SavedItemSchema);
export type SavedPage = z.infer<typeof SavedPageSchema>;

/** Whether the asking price fell since the bike was saved: the price it was then, else null. */
export function droppedFrom(item: Pick<SavedItem, "savedPrice"> & { listing: { askingPrice: number } }) {
  return item.listing.askingPrice < item.savedPrice ? item.savedPrice : null;
}
