import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { listings, orders } from "#server/db/schema.ts";
import { call } from "#server/test/app.ts";

/** Fixtures of the booking tests (holds, cancel, release, paying a hold). */

/**
 * Moves the clock past an order's hold, as if BOOKING_HOLD_MINUTES had gone by: its `hold_until` a
 * second ago, by the database's clock (the one booking, reads and the sweeper use). No sleeping.
 */
export async function passHold(app: FastifyInstance, orderId: string) {
  await app.db
    .update(orders)
    .set({ holdUntil: sql`now() - interval '1 second'` })
    .where(eq(orders.id, orderId));
}

/** The order's row as stored (not as reads present it). */
export async function orderRow(app: FastifyInstance, orderId: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/** The listing's stored status. */
export async function listingStatus(app: FastifyInstance, listingId: string) {
  const [row] = await app.db
    .select({ status: listings.status })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row?.status;
}

export function cancel(app: FastifyInstance, cookie: string | undefined, orderId: string) {
  return call(app, { method: "POST", url: `/api/orders/${orderId}/cancel`, cookie });
}

export function release(app: FastifyInstance, cookie: string | undefined, orderId: string) {
  return call(app, { method: "POST", url: `/api/orders/${orderId}/release`, cookie });
}
