/**
 * A seller edits a bike (`PATCH /api/listings/:id`): the edit (listings) and, in the same
 * transaction, a notice to everyone who saved the bike when its asking price went down (saved,
 * notifications). Rolled back together: nobody hears of a drop that was not written.
 */
import type { Db } from "#server/db/client.ts";
import { applyListingEdit, checkListingEdit, finishListingEdit } from "#server/features/listings/service.ts";
import { notify } from "#server/features/notifications/service.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import { saversOf } from "#server/features/saved/service.ts";
import { formatTaka } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import type { Listing, ListingUpdate } from "#shared/schemas/listings.ts";

export async function editListing(
  db: Db,
  seller: AuthUser,
  id: string,
  changes: ListingUpdate,
): Promise<Listing> {
  const edit = await checkListingEdit(db, seller, id, changes);
  const applied = await db.transaction(async (tx) => {
    const done = await applyListingEdit(tx, seller, edit);
    if (done && done.priceAfter < done.priceBefore) {
      const savers = await saversOf(tx, id);
      const data = {
        title: MSG.saved.priceDropTitle(done.model),
        body: MSG.saved.priceDropBody(formatTaka(done.priceBefore), formatTaka(done.priceAfter)),
        link: `/products/productdetails/${id}`,
        bike: { model: done.model, price: done.priceAfter },
      };
      await notify(
        tx,
        savers.map((userId) => ({ userId, kind: "savedPriceDrop" as const, data })),
      );
    }
    return done;
  });
  return finishListingEdit(db, seller, id, applied);
}
