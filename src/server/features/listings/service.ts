import { and, asc, desc, eq, exists, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { images, listingPhotos, listingPhotoUploads, listings } from "#server/db/schema.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "#server/errors.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import { type ImageStore, type StoredImage, saveImage, toImage } from "#server/images/store.ts";
import { beforeCursor, decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { isForeignKeyViolation } from "#server/lib/pg-errors.ts";
import { prepared } from "#server/lib/prepared.ts";
import { MSG } from "#shared/messages.ts";
import type {
  Listing,
  ListingCreateFields,
  ListingPhoto,
  ListingsPage,
  ListingUpdate,
  MyOrder,
} from "#shared/schemas/listings.ts";
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

/** Advertised bikes still for sale: the home page's showcase. */
export function listAdvertised(db: Db, q: { cursor?: string | undefined; limit: number }) {
  return page(db, and(visible, eq(listings.advertised, true), eq(listings.status, "available")), q);
}

/** My products: the seller's bikes, newest first (their live bookings are added by the workflow). */
export function listSellerListings(
  db: Db,
  sellerId: string,
  q: { cursor?: string | undefined; limit: number },
): Promise<ListingsPage> {
  return page(db, and(visible, eq(listings.sellerId, sellerId)), q);
}

/** Listings keyed by id (hidden ones included: orders and reports still show them). */
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
  const statement = prepared(db, "listing_by_id", (d, name) =>
    selectListings(d)
      .where(eq(listings.id, sql.placeholder("id")))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ id });
  return toListing(visibleTo(row, viewer, adminRights));
}

/** The row, unless there is none or it is hidden from `viewer`. */
function visibleTo<T extends { hidden: boolean; seller: { id: string } }>(
  row: T | undefined,
  viewer: AuthUser | null,
  adminRights: boolean,
): T {
  const mayseeHidden = adminRights || (viewer !== null && viewer.id === row?.seller.id);
  if (!row || (row.hidden && !mayseeHidden)) throw new NotFound(MSG.listing.notFound);
  return row;
}

/**
 * What the details page reads with the listing, in the same statement: a column of the reports
 * feature (whether this buyer has reported it), reading the `reporter` placeholder.
 */
export type ReportedColumn = {
  column: (listingId: typeof listings.id) => SQL<boolean>;
  reporterOf: (viewer: AuthUser | null) => string | null;
};

/**
 * Also read with the listing, in the same statement: a column of the orders feature (the viewer's own
 * live order of this bike, as text `read` turns into `myOrder`), reading the `buyer` placeholder.
 */
export type MyOrderColumn = {
  column: (listingId: typeof listings.id) => SQL<string | null>;
  buyerOf: (viewer: AuthUser | null) => string | null;
  read: (value: string | null) => MyOrder | null;
};

/**
 * `GET /api/listings/:id`'s listing, whether the viewer has reported it and their own order of it, in
 * one statement (a benchmarked route: no second round trip for a signed-in buyer).
 */
export async function getListingDetail(
  db: Db,
  id: string,
  viewer: AuthUser | null,
  adminRights: boolean,
  reported: ReportedColumn,
  myOrder: MyOrderColumn,
): Promise<{ listing: Listing; reportedByMe: boolean; myOrder: MyOrder | null }> {
  if (!isUuid(id)) throw new NotFound(MSG.listing.notFound);
  const statement = prepared(db, "listing_detail", (d, name) =>
    selectListings(d, { reportedByMe: reported.column(listings.id), myOrder: myOrder.column(listings.id) })
      .where(eq(listings.id, sql.placeholder("id")))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({
    id,
    reporter: reported.reporterOf(viewer),
    buyer: myOrder.buyerOf(viewer),
  });
  const visible = visibleTo(row, viewer, adminRights);
  return {
    listing: toListing(visible),
    reportedByMe: visible.reportedByMe,
    myOrder: myOrder.read(visible.myOrder),
  };
}

/** Every photo of a listing, cover first, each named by its image key for an edit's `photoIds`. */
export async function listingPhotosOf(db: Db, listingId: string): Promise<ListingPhoto[]> {
  const statement = prepared(db, "listing_photos", (d, name) =>
    d
      .select({ key: images.key, width: images.width, height: images.height })
      .from(listingPhotos)
      .innerJoin(images, eq(images.key, listingPhotos.imageKey))
      .where(eq(listingPhotos.listingId, sql.placeholder("id")))
      .orderBy(asc(listingPhotos.position))
      .prepare(name),
  );
  const rows = await statement.execute({ id: listingId });
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
    // A seller who deleted their account since this request signed in posts nothing (401).
    await lockLiveAccount(tx, seller.id);
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

/**
 * A photo uploaded on its own (`POST /api/listings/photos`) for an edit of this seller to name in
 * `photoIds` (recorded in listing_photo_uploads: no one else may name it). Nothing refers to the image
 * until then; one never used is removed by the image clean-up after its grace period, and its upload
 * row with it.
 */
export async function uploadListingPhoto(
  db: Db,
  store: ImageStore,
  seller: AuthUser,
  photo: Buffer,
): Promise<ListingPhoto> {
  const image = await saveImage(db, store, photo);
  await db
    .insert(listingPhotoUploads)
    .values({ imageKey: image.key, sellerId: seller.id })
    .onConflictDoUpdate({
      target: [listingPhotoUploads.imageKey, listingPhotoUploads.sellerId],
      set: { createdAt: sql`now()` },
    });
  return { id: image.key, ...toImage(image) };
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
 * A guarded write that touched no row, after ownListing found it: a request deleting it or an admin
 * removing (hiding) it got there first (404, as ownListing would now say), or it is no longer
 * available (409, with why).
 */
async function refuseChange(db: Db, id: string, notAvailable: string): Promise<never> {
  const [row] = await db
    .select({ hidden: listings.hidden })
    .from(listings)
    .where(eq(listings.id, id))
    .limit(1);
  throw row && !row.hidden ? new Conflict(notAvailable) : new NotFound(MSG.listing.notFound);
}

/** The guard of every change by a seller: this listing, still for sale, not removed by an admin. */
const changeable = (id: string) =>
  and(eq(listings.id, id), eq(listings.status, "available"), eq(listings.hidden, false));

export async function advertiseListing(db: Db, seller: AuthUser, id: string): Promise<Listing> {
  await ownListing(db, seller, id);
  // The conditions sit in the UPDATE itself, so a sale or a removal racing this request wins.
  const updated = await db
    .update(listings)
    .set({ advertised: true })
    .where(changeable(id))
    .returning({ id: listings.id });
  if (updated.length === 0) await refuseChange(db, id, MSG.listing.soldCannotAdvertise);
  return getListing(db, id, seller);
}

/**
 * Takes the bike off the home page. Idempotent (a listing not advertised answers the same 200), and
 * allowed whether the bike is for sale or held/sold: a held bike goes back on sale when its hold
 * ends, and its seller may not want it advertised again then. Only a removed (hidden) listing is not
 * the seller's to change.
 */
export async function stopAdvertisingListing(db: Db, seller: AuthUser, id: string): Promise<Listing> {
  await ownListing(db, seller, id);
  const updated = await db
    .update(listings)
    .set({ advertised: false })
    .where(and(eq(listings.id, id), eq(listings.hidden, false)))
    .returning({ id: listings.id });
  // Deleted or removed by an admin since ownListing read it.
  if (updated.length === 0) throw new NotFound(MSG.listing.notFound);
  return getListing(db, id, seller);
}

export async function deleteListing(db: Db, seller: AuthUser, id: string): Promise<void> {
  await ownListing(db, seller, id);
  // A listing an admin hid still has orders or reports pointing at it: it must stay.
  let gone: { id: string }[];
  try {
    gone = await db.delete(listings).where(changeable(id)).returning({ id: listings.id });
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    // For sale again after a booking ended (expired, cancelled, released), it still has that order,
    // which its buyer keeps in My orders: it leaves the market hidden, as an admin's removal does.
    // Decided by the delete itself, so a booking that ends between a check and the delete cannot
    // make it fail; the status condition stays in the write (a booking racing it: 409).
    gone = await db
      .update(listings)
      .set({ hidden: true, advertised: false })
      .where(changeable(id))
      .returning({ id: listings.id });
  }
  if (gone.length === 0) await refuseChange(db, id, MSG.listing.soldCannotDelete);
}

/** The columns an edit writes. */
function editColumns(changes: ListingUpdate) {
  const { photoIds, district, category, ...same } = changes;
  return {
    ...same,
    ...(district === undefined ? {} : { districtSlug: district }),
    ...(category === undefined ? {} : { categorySlug: category }),
    ...(photoIds === undefined ? {} : { photoKey: photoIds[0] }),
  };
}

/** An edit checked before its transaction (`checkListingEdit`), for `applyListingEdit` to write. */
export type ListingEdit = { id: string; changes: ListingUpdate; set: ReturnType<typeof editColumns> };

/**
 * An edit by the listing's seller: any of the form's fields, and `photoIds` — the photos in their new
 * order, cover first. What needs no transaction is checked first (something to change, the seller's
 * own listing, no photo twice); `workflows/listing-edit.ts` then runs `applyListingEdit` in one
 * transaction whose UPDATE carries the status condition (a sale racing the edit wins: 409), so a
 * refusal changes nothing, and `finishListingEdit` answers.
 */
export async function checkListingEdit(
  db: Db,
  seller: AuthUser,
  id: string,
  changes: ListingUpdate,
): Promise<ListingEdit> {
  const { photoIds } = changes;
  const set = editColumns(changes);
  if (Object.values(set).every((v) => v === undefined)) throw new BadRequest(MSG.listing.nothingToUpdate);
  await ownListing(db, seller, id);
  if (photoIds && new Set(photoIds).size !== photoIds.length) {
    throw new BadRequest(MSG.listing.photoRepeated, { photoIds: MSG.listing.photoRepeated });
  }
  return { id, changes, set };
}

/** What an applied edit did to the price: the asking price before and after (the same when unchanged). */
export type AppliedEdit = { model: string; priceBefore: number; priceAfter: number };

/**
 * Writes the edit in the caller's transaction, the seller's row locked first: null when the bike is
 * no longer changeable (held, sold, removed or deleted since the check), else the price before and
 * after, for the workflow to tell the people who saved it of a drop.
 */
export async function applyListingEdit(
  tx: Tx,
  seller: AuthUser,
  edit: ListingEdit,
): Promise<AppliedEdit | null> {
  const { id, changes, set } = edit;
  const { photoIds } = changes;
  await lockLiveAccount(tx, seller.id);
  // The price before the edit, the bike's row locked in the lock order (the person, then the bike),
  // so a concurrent edit cannot slip between this read and the UPDATE below.
  const [before] = await tx
    .select({ askingPrice: listings.askingPrice })
    .from(listings)
    .where(changeable(id))
    .for("update");
  if (!before) return null;
  if (photoIds) {
    // Only the listing's own photos and this seller's unused uploads: an image existing is not enough
    // (images are shared by content: another seller's photo or someone's avatar has a key too).
    // KEY SHARE: the image clean-up (FOR UPDATE SKIP LOCKED) leaves these rows alone until we commit,
    // so a photo found here is still there for the foreign keys below.
    const found = await tx
      .select({ key: images.key })
      .from(images)
      .where(
        and(
          inArray(images.key, photoIds),
          or(
            exists(
              tx
                .select({ one: sql`1` })
                .from(listingPhotos)
                .where(and(eq(listingPhotos.listingId, id), eq(listingPhotos.imageKey, images.key))),
            ),
            exists(
              tx
                .select({ one: sql`1` })
                .from(listingPhotoUploads)
                .where(
                  and(
                    eq(listingPhotoUploads.imageKey, images.key),
                    eq(listingPhotoUploads.sellerId, seller.id),
                  ),
                ),
            ),
          ),
        ),
      )
      .for("key share");
    if (found.length !== photoIds.length) {
      throw new BadRequest(MSG.listing.photoUnknown, { photoIds: MSG.listing.photoUnknown });
    }
  }
  const [row] = await tx.update(listings).set(set).where(changeable(id)).returning({
    brand: listings.brand,
    model: listings.model,
    modelKey: listings.modelKey,
    askingPrice: listings.askingPrice,
  });
  if (!row) return null;
  if (changes.brand !== undefined || changes.model !== undefined) {
    // From the row as now written: a brand-only edit keeps the model it has, and the other way round.
    const modelKey = await catalogueEntry(tx, row.brand, row.model);
    if (modelKey !== row.modelKey) await tx.update(listings).set({ modelKey }).where(eq(listings.id, id));
  }
  if (photoIds) {
    // An upload goes into one listing: from now on it is that listing's photo, not a free upload.
    await tx
      .delete(listingPhotoUploads)
      .where(
        and(eq(listingPhotoUploads.sellerId, seller.id), inArray(listingPhotoUploads.imageKey, photoIds)),
      );
    await tx.delete(listingPhotos).where(eq(listingPhotos.listingId, id));
    await tx
      .insert(listingPhotos)
      .values(photoIds.map((imageKey, position) => ({ listingId: id, position, imageKey })));
  }
  return { model: row.model, priceBefore: before.askingPrice, priceAfter: row.askingPrice };
}

/** The edited listing as its seller now sees it; 409 or 404 when `applyListingEdit` wrote nothing. */
export async function finishListingEdit(
  db: Db,
  seller: AuthUser,
  id: string,
  applied: AppliedEdit | null,
): Promise<Listing> {
  if (!applied) await refuseChange(db, id, MSG.listing.soldCannotEdit);
  return getListing(db, id, seller);
}
