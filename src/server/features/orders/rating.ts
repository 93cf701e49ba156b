import { eq } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { listings, orders } from "#server/db/schema.ts";
import { Forbidden, NotFound } from "#server/errors.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import { isUuid } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";

/**
 * The order a buyer wants to rate its seller for (`workflows/seller-rating.ts`): 404 none, 403
 * someone else's; its status (only a paid one may be rated), its price, and its bike's seller and
 * model (the listing read with it: the order's bike).
 */
export async function orderToRate(tx: Tx, buyer: AuthUser, orderId: string) {
  if (!isUuid(orderId)) throw new NotFound(MSG.order.notFound);
  const [row] = await tx
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      status: orders.status,
      price: orders.price,
      sellerId: listings.sellerId,
      model: listings.model,
    })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw new NotFound(MSG.order.notFound);
  if (row.buyerId !== buyer.id) throw new Forbidden(TALK_MSG.review.notYourOrder);
  return row;
}
