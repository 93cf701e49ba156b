/**
 * A user as other people see them (a listing's seller, a buyer, a seller in All sellers): the one
 * select and the one mapping, so every list shows the same name, email and photo.
 */
import { eq } from "drizzle-orm";
import { images, sellerRatings, users } from "#server/db/schema.ts";
import { type StoredImage, toImage } from "#server/images/store.ts";
import type { Image } from "#shared/schemas/images.ts";
import type { Person, PublicSeller, Seller, SellerRating } from "#shared/schemas/people.ts";

/**
 * The columns of `users` a person needs, with their photo: join it with
 * `.leftJoin(images, personPhotoJoin())` (a person may have no photo; a query that needs another
 * image, as a listing's photo, joins that one under an alias).
 *
 * A function, not a constant: mutation testing does not reload module-level code for each mutant.
 */
export function personColumns() {
  return {
    id: users.id,
    name: users.name,
    email: users.email,
    photoKey: images.key,
    photoWidth: images.width,
    photoHeight: images.height,
  };
}

/** The join `personColumns` reads the photo through: `.leftJoin(images, personPhotoJoin())`. */
export function personPhotoJoin() {
  return eq(images.key, users.photoKey);
}

/** `personColumns` and the seller's verified tick. */
export function sellerColumns() {
  return { ...personColumns(), verified: users.verified };
}

/**
 * A seller's rating, as columns of a read that has `users` as the seller: join it with
 * `.leftJoin(sellerRatings, sellerRatingJoin())`. A read-only join of the reviews feature's table
 * (it alone writes it, in the transaction that changes a review): one row per seller, so a page of
 * cards reads each seller's rating in the same statement instead of averaging reviews.
 */
export function sellerRatingColumns() {
  return { ratingCount: sellerRatings.count, ratingStars: sellerRatings.starsTotal };
}

/** The join `sellerRatingColumns` reads through (a seller nobody rated has no row: left join). */
export function sellerRatingJoin() {
  return eq(sellerRatings.sellerId, users.id);
}

/** The columns of `sellerRatingColumns` as the API says them: the average to one decimal, and the count. */
export function toSellerRating(r: { ratingCount: number | null; ratingStars: number | null }): SellerRating {
  const count = r.ratingCount ?? 0;
  if (count === 0) return { average: 0, count: 0 };
  return { average: Math.round(((r.ratingStars ?? 0) * 10) / count) / 10, count };
}

type PhotoRow = { photoKey: string | null; photoWidth: number | null; photoHeight: number | null };
/** A row of `personColumns`. */
export type PersonRow = { id: string; name: string; email: string } & PhotoRow;

/** The photo of a `personColumns` row as stored (the signed-in user keeps it so). */
export function toStoredPhoto(r: PhotoRow): StoredImage | null {
  return r.photoKey ? { key: r.photoKey, width: r.photoWidth ?? 0, height: r.photoHeight ?? 0 } : null;
}

function toPhoto(r: PhotoRow): Image | null {
  const photo = toStoredPhoto(r);
  return photo ? toImage(photo) : null;
}

export function toPerson(r: PersonRow): Person {
  return { id: r.id, name: r.name, email: r.email, photo: toPhoto(r) };
}

export function toSeller(r: PersonRow & { verified: boolean }): Seller {
  return { ...toPerson(r), verified: r.verified };
}

/**
 * A seller as anyone sees them: no email (decision 015). Reads a `sellerColumns` row and the
 * seller's `sellerRatingColumns`.
 */
export function toPublicSeller(
  r: PersonRow & { verified: boolean },
  rating: { ratingCount: number | null; ratingStars: number | null },
): PublicSeller {
  return { id: r.id, name: r.name, photo: toPhoto(r), verified: r.verified, rating: toSellerRating(rating) };
}
