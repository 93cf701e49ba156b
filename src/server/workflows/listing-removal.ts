/**
 * An admin removes a reported listing. A listing with an order is hidden, not deleted, so the
 * buyer's order (and its payment) survives; otherwise it is deleted with its reports. A held order
 * of it is released in the same transaction: nobody can pay for a removed bike, and the hold stops
 * counting against the buyer's limit. Orders end before the bike's row is locked (decision 021's lock
 * order), and again after, for a booking that took the row in between.
 */
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";
import { NotFound } from "#server/errors.ts";
import { lockBike, takeOffMarket } from "#server/features/listings/market.ts";
import { bikeNotice } from "#server/features/listings/notices.ts";
import { notify } from "#server/features/notifications/service.ts";
import { closeReportsOf } from "#server/features/reports/service.ts";
import { isUuid } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { releaseHoldsOf } from "./hold-endings.ts";

export async function removeListing(db: Db, listingId: string): Promise<void> {
  if (!isUuid(listingId)) throw new NotFound(MSG.listing.notFound);
  const ofBike = eq(orders.listingId, listingId);
  await db.transaction(async (tx) => {
    await releaseHoldsOf(tx, ofBike);
    const row = await lockBike(tx, listingId);
    if (!row || row.hidden) throw new NotFound(MSG.listing.notFound);
    await releaseHoldsOf(tx, ofBike);
    await closeReportsOf(tx, [listingId]);
    // Read before the bike may be deleted; the seller is told in the removal's transaction.
    const bike = await bikeNotice(tx, listingId);
    await takeOffMarket(tx, [listingId]);
    if (bike) {
      await notify(tx, {
        userId: bike.sellerId,
        kind: "listingRemoved",
        data: {
          title: TALK_MSG.notification.removedTitle(bike.model),
          body: TALK_MSG.notification.removedBody,
          link: "/dashboard/myproducts",
          bike: { model: bike.model, price: bike.price },
        },
      });
    }
  });
}
