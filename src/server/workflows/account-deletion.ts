/**
 * Deleting an account (`DELETE /api/me`), in one transaction, in the lock order every write keeps:
 * 1. the person's row (`lockLiveAccount`): every write they make locks it first inside its own
 *    transaction, so one that signed in before this either finished or finds the account gone (401);
 *    an admin also needs another admin left;
 * 2. their own unpaid bookings end (cancelled; passed ones expired), those bikes back on sale, and the
 *    phone they gave for those meetings cleared;
 * 3. their bikes leave the market: held orders of them released first (orders before listings, the
 *    order of the sweeper, cancel, release and payment, so none can deadlock with this), then the
 *    bikes hidden in one UPDATE, then held orders released again (a booking that took a bike's row
 *    lock in between), then each bike no order points at deleted with its photos and reports;
 * 4. the account row keeps nothing of the person; sessions, reset links and recovery codes end, and
 *    so do a seller's payout details.
 * A seller MotoHaat still holds or owes money cannot delete their account (409) until it is all paid
 * out: nobody could be paid, and the ledger names them (decision 028).
 * Paid orders stay whole for the other person (bike, price, meeting place, the booking's phone),
 * under the name "Deleted account". The route clears the cookie.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { listings, orders } from "#server/db/schema.ts";
import { Conflict } from "#server/errors.ts";
import { eraseAccount, refuseDeletion, refuseLastAdmin } from "#server/features/auth/account-deletion.ts";
import { sellerBalance } from "#server/features/ledger/service.ts";
import { hideSellerListings, putBackOnSale, takeOffMarket } from "#server/features/listings/market.ts";
import { endBuyerBookings } from "#server/features/orders/service.ts";
import { erasePayoutDetails } from "#server/features/payouts/service.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { DeleteAccountReq } from "#shared/schemas/account.ts";
import { releaseHoldsOf } from "./hold-endings.ts";

/** The seller's bikes leave the market (step 3 above). */
async function withdrawListings(tx: Tx, sellerId: string): Promise<void> {
  await releaseHoldsOf(
    tx,
    inArray(
      orders.listingId,
      tx.select({ id: listings.id }).from(listings).where(eq(listings.sellerId, sellerId)),
    ),
  );
  const ids = await hideSellerListings(tx, sellerId);
  if (ids.length === 0) return;
  await releaseHoldsOf(tx, inArray(orders.listingId, ids));
  await takeOffMarket(tx, ids);
}

export async function deleteAccount(db: Db, user: AuthUser, proof: DeleteAccountReq): Promise<void> {
  await refuseDeletion(db, user, proof);
  await db.transaction(async (tx) => {
    const me = await lockLiveAccount(tx, user.id);
    if (me.role === "admin") await refuseLastAdmin(tx);
    if (me.role === "seller") {
      const { held, owed } = await sellerBalance(tx, user.id);
      if (held > 0 || owed > 0) throw new Conflict(MONEY_MSG.payouts.deleteWhileOwed);
    }
    await putBackOnSale(tx, await endBuyerBookings(tx, user.id));
    await withdrawListings(tx, user.id);
    await erasePayoutDetails(tx, user.id);
    await eraseAccount(tx, user.id);
  });
}
