/**
 * A buyer rates the seller of a paid order (`POST /api/orders/:id/review`): in one transaction, the
 * buyer's row locked (people), the order checked theirs and paid (orders), the review written and
 * counted in the seller's rating (reviews), and the seller told (notifications).
 */
import type { Db } from "#server/db/client.ts";
import { Conflict } from "#server/errors.ts";
import { notify } from "#server/features/notifications/service.ts";
import { orderToRate } from "#server/features/orders/rating.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import { firstName } from "#server/features/reviews/presenter.ts";
import { addReview, getReview } from "#server/features/reviews/service.ts";
import { MSG } from "#shared/messages.ts";
import type { Review } from "#shared/schemas/reviews.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";

export async function rateSeller(
  db: Db,
  buyer: AuthUser,
  orderId: string,
  req: { stars: number; comment?: string | undefined },
): Promise<Review> {
  const id = await db.transaction(async (tx) => {
    await lockLiveAccount(tx, buyer.id);
    const order = await orderToRate(tx, buyer, orderId);
    // Paid by card or by confirmed cash: a held, expired, cancelled or released order is no deal to rate.
    if (order.status !== "paid") throw new Conflict(TALK_MSG.review.notPaid);
    const reviewId = await addReview(tx, {
      orderId: order.id,
      sellerId: order.sellerId,
      buyerId: buyer.id,
      stars: req.stars,
      comment: req.comment ?? null,
    });
    await notify(tx, {
      userId: order.sellerId,
      kind: "reviewReceived",
      data: {
        title: TALK_MSG.review.receivedTitle(MSG.rating.starLabel(req.stars)),
        body: TALK_MSG.review.receivedBody(firstName(buyer.name), order.model),
        link: `/sellers/${order.sellerId}#ratings`,
        bike: { model: order.model, price: order.price },
      },
    });
    return reviewId;
  });
  return getReview(db, id);
}
