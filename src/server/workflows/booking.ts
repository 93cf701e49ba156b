/**
 * Booking a bike (decisions 014 and 021): the order and the bike's place on the market change in one
 * transaction, in the lock order every other path keeps: the person, then orders, then the bike.
 */
import type { Db } from "#server/db/client.ts";
import { Conflict, Forbidden, NotFound } from "#server/errors.ts";
import { bikeState, takeForBuyer } from "#server/features/listings/market.ts";
import { acceptedOfferFor } from "#server/features/messages/service.ts";
import { insertHeldOrder, refuseTooManyHolds } from "#server/features/orders/service.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import { isUuid } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import type { Order, OrderCreateReq } from "#shared/schemas/orders.ts";
import { getOrder } from "./buyer-orders.ts";
import { expirePassedHold } from "./hold-endings.ts";
import { tellSellerBooked } from "./order-notices.ts";

/**
 * Books a bike: it is held for the buyer (status held, `hold_until` = now + BOOKING_HOLD_MINUTES) and
 * reads as sold to everyone else until the hold is paid, ends or runs out. One transaction:
 * 1. locks the buyer's row, which must still be a live account (401: deleted since this request
 *    signed in), so one buyer's bookings run one after another: two at once cannot both see 2 held
 *    and make 4; then refuses a 4th hold (409);
 * 2. expires a hold of this bike that has run out but not been swept yet, so it never blocks a new
 *    buyer (the guarded UPDATE lets exactly one transaction, this or the sweeper, expire it);
 * 3. takes the bike off the market only if it is still for sale (and, when the buyer says which price
 *    they saw, still at that price), then writes the order; the partial unique index on live orders
 *    is the second line of defence.
 * Of any number of buyers racing for one bike, exactly one wins; the rest get 409. A seller's price
 * edit racing the booking either lands first (409 price changed) or after (the bike is held at the
 * price the buyer saw; the edit is 409).
 */
export async function bookBike(
  db: Db,
  buyer: AuthUser,
  req: OrderCreateReq,
  holdMinutes: number,
): Promise<Order> {
  if (!isUuid(req.listingId)) throw new NotFound(MSG.listing.notFound);
  const orderId = await db.transaction(async (tx) => {
    await lockLiveAccount(tx, buyer.id);
    await refuseTooManyHolds(tx, buyer.id);
    await expirePassedHold(tx, req.listingId);
    // An offer the seller accepted, still within its 24 hours, sets the price instead of the asking
    // price (or the asking price, if the seller has since asked less): the price the buyer saw is
    // checked against that, after the bike is taken (a mismatch rolls the booking back).
    const offer = await acceptedOfferFor(tx, req.listingId, buyer.id);
    const sold = await takeForBuyer(tx, {
      listingId: req.listingId,
      buyerId: buyer.id,
      expectedPrice: offer ? undefined : req.expectedPrice,
    });
    if (!sold) {
      const row = await bikeState(tx, req.listingId);
      if (!row || row.hidden) throw new NotFound(MSG.listing.notFound);
      if (row.sellerId === buyer.id) throw new Forbidden(MSG.order.ownBike);
      // Still for sale, so it was the price that did not match.
      throw new Conflict(row.status === "available" ? MSG.order.priceChanged : MSG.order.justSold);
    }
    // The seller is told in the same transaction (decision 023): a booking rolled back tells nobody.
    if (!offer)
      return tellSellerBooked(tx, await insertHeldOrder(tx, buyer.id, req, sold.price, holdMinutes));
    const price = Math.min(offer.amount, sold.price);
    if (req.expectedPrice !== undefined && req.expectedPrice !== price)
      throw new Conflict(MSG.order.priceChanged);
    return tellSellerBooked(tx, await insertHeldOrder(tx, buyer.id, req, price, holdMinutes, offer.id));
  });
  return getOrder(db, buyer, orderId);
}
