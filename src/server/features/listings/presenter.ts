/**
 * A listing as the API shows it (the catalogue, a listing page, an order's bike, a reported bike):
 * the one select and the one mapping, so every place shows the same fields, seller and photo.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { categories, images, listings, sellerRatings, users } from "#server/db/schema.ts";
import {
  personPhotoJoin,
  sellerColumns,
  sellerRatingColumns,
  sellerRatingJoin,
  toPublicSeller,
} from "#server/features/people/presenter.ts";
import { toImage } from "#server/images/store.ts";
import { DISTRICTS, districtLabel } from "#shared/districts.ts";
import type { Listing } from "#shared/schemas/listings.ts";

const listingPhoto = alias(images, "listing_photo");

/**
 * Every listing read starts here: the seller's name and verified tick come from a join, never a
 * copy. `images` is the seller's photo (as `sellerColumns` reads it); the listing's own is an alias.
 * `extra` adds columns a read needs beside the listing (the details page's "reported by me").
 * The seller's rating is a left join of one row per seller (`sellerRatingJoin`), so every card of
 * a page carries it from the same statement.
 */
export function selectListings<Extra extends Record<string, SQL>>(db: Db, extra?: Extra) {
  return db
    .select({
      ...(extra as Extra),
      id: listings.id,
      createdAt: listings.createdAt,
      createdAtText: sql<string>`${listings.createdAt}::text`,
      model: listings.model,
      engineCc: listings.engineCc,
      brand: listings.brand,
      categorySlug: listings.categorySlug,
      categoryLabel: categories.label,
      brandNewPrice: listings.brandNewPrice,
      askingPrice: listings.askingPrice,
      totalUsed: listings.totalUsed,
      year: listings.year,
      kmRun: listings.kmRun,
      districtSlug: listings.districtSlug,
      area: listings.area,
      description: listings.description,
      hasRegistration: listings.hasRegistration,
      taxTokenUntil: listings.taxTokenUntil,
      insuranceUntil: listings.insuranceUntil,
      nameTransfer: listings.nameTransfer,
      negotiable: listings.negotiable,
      advertised: listings.advertised,
      status: listings.status,
      hidden: listings.hidden,
      photoKey: listingPhoto.key,
      photoWidth: listingPhoto.width,
      photoHeight: listingPhoto.height,
      seller: sellerColumns(),
      ...sellerRatingColumns(),
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .innerJoin(categories, eq(categories.slug, listings.categorySlug))
    .innerJoin(listingPhoto, eq(listingPhoto.key, listings.photoKey))
    .leftJoin(images, personPhotoJoin())
    .leftJoin(sellerRatings, sellerRatingJoin());
}

type ListingRow = Awaited<
  ReturnType<ReturnType<typeof selectListings<Record<never, SQL>>>["execute"]>
>[number];

/** districtLabel, looked up by key: a page of 24 listings would search the 64 districts 24 times. */
const DISTRICT_LABELS = new Map<string, string>(DISTRICTS.map((d) => [d.slug, d.label]));

export function toListing(r: ListingRow): Listing {
  return {
    id: r.id,
    postedAt: r.createdAt.toISOString(),
    model: r.model,
    engineCc: r.engineCc,
    brand: r.brand,
    category: { slug: r.categorySlug, label: r.categoryLabel },
    brandNewPrice: r.brandNewPrice,
    askingPrice: r.askingPrice,
    totalUsed: r.totalUsed,
    year: r.year,
    kmRun: r.kmRun,
    district: {
      slug: r.districtSlug,
      label: DISTRICT_LABELS.get(r.districtSlug) ?? districtLabel(r.districtSlug),
    },
    area: r.area,
    description: r.description,
    hasRegistration: r.hasRegistration,
    taxTokenUntil: r.taxTokenUntil,
    insuranceUntil: r.insuranceUntil,
    nameTransfer: r.nameTransfer,
    negotiable: r.negotiable,
    photo: toImage({ key: r.photoKey, width: r.photoWidth, height: r.photoHeight }),
    seller: toPublicSeller(r.seller, r),
    advertised: r.advertised,
    status: r.status,
  };
}
