import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { images, listings, sellerRatings, users } from "#server/db/schema.ts";
import { NotFound } from "#server/errors.ts";
import { liveAccount } from "#server/features/people/accounts.ts";
import {
  personPhotoJoin,
  sellerColumns,
  sellerRatingColumns,
  sellerRatingJoin,
  toPublicSeller,
} from "#server/features/people/presenter.ts";
import { isUuid } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import type { SellerProfile } from "#shared/schemas/people.ts";

/**
 * A seller's public page: who they are and how many bikes they sell and have sold (hidden
 * listings, removed by an admin, count for neither). Anyone who is not a seller is "not found",
 * so the page tells nothing about buyers or admins — not even that the id exists; nor is a seller
 * who deleted their account.
 */
export async function getSellerProfile(db: Db, id: string): Promise<SellerProfile> {
  if (!isUuid(id)) throw new NotFound(MSG.listing.sellerNotFound);
  const [[seller], [counts]] = await Promise.all([
    db
      .select({ ...sellerColumns(), ...sellerRatingColumns(), createdAt: users.createdAt })
      .from(users)
      .leftJoin(images, personPhotoJoin())
      .leftJoin(sellerRatings, sellerRatingJoin())
      .where(and(eq(users.id, id), eq(users.role, "seller"), liveAccount()))
      .limit(1),
    // One pass over the seller's listings through listings_seller_feed_idx.
    db
      .select({
        sold: sql<number>`count(*) filter (where ${listings.status} = 'sold')`.mapWith(Number),
        forSale: sql<number>`count(*) filter (where ${listings.status} = 'available')`.mapWith(Number),
      })
      .from(listings)
      .where(and(eq(listings.sellerId, id), eq(listings.hidden, false))),
  ]);
  if (!seller) throw new NotFound(MSG.listing.sellerNotFound);
  return {
    ...toPublicSeller(seller, seller),
    memberSince: seller.createdAt.toISOString(),
    bikesSold: counts?.sold ?? 0,
    bikesForSale: counts?.forSale ?? 0,
  };
}
