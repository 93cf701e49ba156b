import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { images, listingPhotos, listings } from "#server/db/schema.ts";
import { Conflict, Forbidden, NotFound } from "#server/errors.ts";
import type { AuthUser } from "#server/features/auth/presenter.ts";
import { type ImageStore, type StoredImage, saveImage, toImage } from "#server/images/store.ts";
import { beforeCursor, decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import { MSG } from "#shared/messages.ts";
import type { Listing, ListingCreateFields, ListingPhoto, ListingsPage } from "#shared/schemas/listings.ts";
import { catalogueEntry } from "./catalogue.ts";
import { selectListings, toListing } from "./presenter.ts";

async function page(db: Db, where: SQL | undefined, opts: { cursor?: string | undefined; limit: number }) {
  const cursor = decodeCursor(opts.cursor);
  const rows = await selectListings(db)
    .where(and(where, beforeCursor(listings.createdAt, listings.id, cursor)))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(opts.limit + 1);
  const { items, nextCursor } = toPage(rows, opts.limit, (r) => ({ createdAt: r.createdAtText, id: r.id }));
  return { items: items.map(toListing), nextCursor } satisfies ListingsPage;
}

const visible = eq(listings.hidden, false);

export function listListings(db: Db, q: { category: string; cursor?: string | undefined; limit: number }) {
  if (q.category !== "all" && !(CATEGORY_SLUGS as readonly string[]).includes(q.category)) {
    throw new NotFound(MSG.listing.unknownCategory);
  }
  const where = q.category === "all" ? visible : and(visible, eq(listings.categorySlug, q.category));
  return page(db, where, q);
}

/** Advertised bikes still for sale: the home page's showcase. */
export function listAdvertised(db: Db, q: { cursor?: string | undefined; limit: number }) {
  return page(db, and(visible, eq(listings.advertised, true), eq(listings.status, "available")), q);
}

export function listSellerListings(
  db: Db,
  sellerId: string,
  q: { cursor?: string | undefined; limit: number },
) {
  return page(db, and(visible, eq(listings.sellerId, sellerId)), q);
}

/** Listings by id, in the order of `ids` (hidden ones included: orders and reports still show them). */
export async function listingsByIds(db: Db, ids: string[]): Promise<Map<string, Listing>> {
  if (ids.length === 0) return new Map();
  const rows = await selectListings(db).where(inArray(listings.id, ids));
  return new Map(rows.map((r) => [r.id, toListing(r)]));
}

/**
 * A listing as `viewer` may see it: hidden ones only to their seller and to someone using admin
 * rights (`adminRights`: the session proved the second factor where one is needed).
 */
export async function getListing(
  db: Db,
  id: string,
  viewer: AuthUser | null,
  adminRights = false,
): Promise<Listing> {
  if (!isUuid(id)) throw new NotFound(MSG.listing.notFound);
  const [row] = await selectListings(db).where(eq(listings.id, id)).limit(1);
  const mayseeHidden = adminRights || (viewer !== null && viewer.id === row?.seller.id);
  if (!row || (row.hidden && !mayseeHidden)) throw new NotFound(MSG.listing.notFound);
  return toListing(row);
}

/** Every photo of a listing, cover first, each named by its image key for an edit's `photoIds`. */
export async function listingPhotosOf(db: Db, listingId: string): Promise<ListingPhoto[]> {
  const rows = await db
    .select({ key: images.key, width: images.width, height: images.height })
    .from(listingPhotos)
    .innerJoin(images, eq(images.key, listingPhotos.imageKey))
    .where(eq(listingPhotos.listingId, listingId))
    .orderBy(asc(listingPhotos.position));
  return rows.map((r) => ({ id: r.key, ...toImage(r) }));
}

export async function createListing(
  db: Db,
  store: ImageStore,
  seller: AuthUser,
  fields: ListingCreateFields,
  photos: Buffer[],
): Promise<Listing> {
  // Photos first, outside the transaction: processing is slow and a failure leaves no listing behind
  // (an image nothing uses is removed by the clean-up).
  const saved: StoredImage[] = [];
  for (const photo of photos) saved.push(await saveImage(db, store, photo));
  const id = await db.transaction(async (tx) => {
    const modelKey = await catalogueEntry(tx, fields.brand, fields.model);
    const [row] = await tx
      .insert(listings)
      .values({
        sellerId: seller.id,
        categorySlug: fields.category,
        model: fields.model,
        brand: fields.brand,
        engineCc: fields.engineCc,
        brandNewPrice: fields.brandNewPrice,
        askingPrice: fields.askingPrice,
        totalUsed: fields.totalUsed,
        modelKey,
        year: fields.year,
        kmRun: fields.kmRun,
        districtSlug: fields.district,
        area: fields.area ?? null,
        description: fields.description ?? null,
        hasRegistration: fields.hasRegistration,
        taxTokenUntil: fields.taxTokenUntil ?? null,
        insuranceUntil: fields.insuranceUntil ?? null,
        nameTransfer: fields.nameTransfer,
        negotiable: fields.negotiable,
        photoKey: saved[0]!.key,
      })
      .returning({ id: listings.id });
    await tx
      .insert(listingPhotos)
      .values(saved.map((image, position) => ({ listingId: row!.id, position, imageKey: image.key })));
    return row!.id;
  });
  return getListing(db, id, seller);
}

/** Loads a listing for a change by its seller: 404 unknown, 403 someone else's. */
async function ownListing(db: Db, seller: AuthUser, id: string) {
  if (!isUuid(id)) throw new NotFound(MSG.listing.notFound);
  const [row] = await db
    .select({ sellerId: listings.sellerId, status: listings.status, hidden: listings.hidden })
    .from(listings)
    .where(eq(listings.id, id))
    .limit(1);
  if (!row || row.hidden) throw new NotFound(MSG.listing.notFound);
  if (row.sellerId !== seller.id) throw new Forbidden(MSG.listing.notOwner);
  return row;
}

/**
 * A guarded write that touched no row, after ownListing found it: a request deleting it got there
 * first (404), or it is no longer available (409, with why).
 */
async function refuseChange(db: Db, id: string, notAvailable: string): Promise<never> {
  const [row] = await db.select({ id: listings.id }).from(listings).where(eq(listings.id, id)).limit(1);
  throw row ? new Conflict(notAvailable) : new NotFound(MSG.listing.notFound);
}

export async function advertiseListing(db: Db, seller: AuthUser, id: string): Promise<Listing> {
  await ownListing(db, seller, id);
  // The status condition sits in the UPDATE itself, so a sale racing this request cannot be advertised.
  const updated = await db
    .update(listings)
    .set({ advertised: true })
    .where(and(eq(listings.id, id), eq(listings.status, "available")))
    .returning({ id: listings.id });
  if (updated.length === 0) await refuseChange(db, id, MSG.listing.soldCannotAdvertise);
  return getListing(db, id, seller);
}

export async function deleteListing(db: Db, seller: AuthUser, id: string): Promise<void> {
  await ownListing(db, seller, id);
  const deleted = await db
    .delete(listings)
    .where(and(eq(listings.id, id), eq(listings.status, "available")))
    .returning({ id: listings.id });
  if (deleted.length === 0) await refuseChange(db, id, MSG.listing.soldCannotDelete);
}
