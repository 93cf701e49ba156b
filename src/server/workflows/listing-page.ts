/**
 * A bike's page (`GET /api/listings/:id`) and a seller's My products: listings read with what the
 * viewer has to do with them — their own order and report of the bike, or each bike's live booking.
 * The orders and reports features fill in columns of the listing's own read, so the page stays one
 * statement (a benchmarked route: no second round trip for a signed-in buyer).
 */
import type { Db } from "#server/db/client.ts";
import { priceHintOf } from "#server/features/listings/price-hint.ts";
import { getListingDetail, listingPhotosOf, listSellerListings } from "#server/features/listings/service.ts";
import { liveOrdersOf } from "#server/features/orders/seller.ts";
import { myOrderOf } from "#server/features/orders/service.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import { reportedByMe } from "#server/features/reports/service.ts";
import type { ListingDetailResponse, MyListingsPage } from "#shared/schemas/listings.ts";

/** A bike's page as `viewer` sees it: the listing with its photos, price hint, their order and report. */
export async function listingPage(
  db: Db,
  id: string,
  viewer: AuthUser | null,
  adminRights: boolean,
): Promise<ListingDetailResponse> {
  const detail = await getListingDetail(db, id, viewer, adminRights, reportedByMe, myOrderOf);
  const [photos, priceHint] = await Promise.all([
    listingPhotosOf(db, detail.listing.id),
    priceHintOf(db, detail.listing),
  ]);
  return {
    listing: { ...detail.listing, photos },
    reportedByMe: detail.reportedByMe,
    myOrder: detail.myOrder,
    priceHint,
  };
}

/** My products: the seller's bikes, newest first, each sold one with its live booking and who made it. */
export async function sellerProducts(
  db: Db,
  seller: AuthUser,
  q: { cursor?: string | undefined; limit: number },
): Promise<MyListingsPage> {
  const { items, nextCursor } = await listSellerListings(db, seller.id, q);
  const live = await liveOrdersOf(
    db,
    items.filter((l) => l.status === "sold").map((l) => l.id),
  );
  return { items: items.map((l) => ({ ...l, order: live.get(l.id) ?? null })), nextCursor };
}
