/** A buyer's orders as they see them: each order with its bike (orders and listings read together). */
import type { Db } from "#server/db/client.ts";
import { listingsByIds } from "#server/features/listings/service.ts";
import type { OrderRow } from "#server/features/orders/presenter.ts";
import { toOrder } from "#server/features/orders/presenter.ts";
import { myOrderRows, ownOrderRow } from "#server/features/orders/service.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import type { Order, OrdersPage } from "#shared/schemas/orders.ts";

/** The orders with their bikes, read in one query. */
async function withListings(db: Db, rows: OrderRow[]): Promise<Order[]> {
  const byId = await listingsByIds(
    db,
    rows.map((r) => r.listingId),
  );
  return rows.map((r) => toOrder(r, byId.get(r.listingId)!));
}

/** The buyer's own order (403 for someone else's, 404 for none), with its bike. */
export async function getOrder(db: Db, buyer: AuthUser, id: string): Promise<Order> {
  const [order] = await withListings(db, [await ownOrderRow(db, buyer, id)]);
  return order!;
}

/** My orders: newest first, a page, each with its bike. */
export async function listMyOrders(
  db: Db,
  buyer: AuthUser,
  q: { cursor?: string | undefined; limit: number },
): Promise<OrdersPage> {
  const { items, nextCursor } = await myOrderRows(db, buyer, q);
  return { items: await withListings(db, items), nextCursor };
}
