/** The dashboard's first page: counts across orders, listings, reports and accounts, for each role. */
import { and, count, countDistinct, eq, min, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { listings, orders, reports, users } from "#server/db/schema.ts";
import { liveHold } from "#server/features/orders/presenter.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import { liveAccount } from "#server/features/people/accounts.ts";
import { OVERVIEW_ENDED_DAYS, type Overview } from "#shared/schemas/overview.ts";

/**
 * Ended unpaid within the last OVERVIEW_ENDED_DAYS: expired, cancelled or released, or a passed hold
 * the sweeper has not written yet (it reads expired, ended when its hold ran out).
 */
function endedUnpaidLately() {
  const since = sql`now() - make_interval(days => ${OVERVIEW_ENDED_DAYS}::int)`;
  return sql`(
    (${orders.status} in ('expired', 'cancelled', 'released') and ${orders.endedAt} > ${since})
    or (${orders.status} = 'held' and ${orders.holdUntil} <= now() and ${orders.holdUntil} > ${since})
  )`;
}

async function buyerOverview(db: Db, buyerId: string): Promise<Overview> {
  // Through orders_buyer_feed_idx: one buyer's orders, a handful.
  const [row] = await db
    .select({ held: count(), next: min(orders.holdUntil) })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), liveHold()));
  return {
    role: "buyer",
    heldOrders: row?.held ?? 0,
    nextHoldEndsAt: row?.next ? new Date(row.next).toISOString() : null,
  };
}

async function sellerOverview(db: Db, sellerId: string): Promise<Overview> {
  const [[bikes], [deals]] = await Promise.all([
    // Bikes on the market: not those an admin removed (hidden).
    db
      .select({ forSale: count() })
      .from(listings)
      .where(
        and(eq(listings.sellerId, sellerId), eq(listings.status, "available"), eq(listings.hidden, false)),
      ),
    // The orders of the seller's bikes, each bike's through orders_listing_idx.
    db
      .select({
        held: sql<number>`count(*) filter (where ${liveHold()})`.mapWith(Number),
        sold: sql<number>`count(*) filter (where ${orders.status} = 'paid')`.mapWith(Number),
        unpaid: sql<number>`count(*) filter (where ${endedUnpaidLately()})`.mapWith(Number),
      })
      .from(orders)
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .where(eq(listings.sellerId, sellerId)),
  ]);
  return {
    role: "seller",
    forSale: bikes?.forSale ?? 0,
    held: deals?.held ?? 0,
    sold: deals?.sold ?? 0,
    unpaid: deals?.unpaid ?? 0,
  };
}

async function adminOverview(db: Db): Promise<Overview> {
  const [[open], [sellers]] = await Promise.all([
    // What Reported items lists: listings still on the market with at least one report.
    db
      .select({ n: countDistinct(reports.listingId) })
      .from(reports)
      .innerJoin(listings, eq(listings.id, reports.listingId))
      .where(eq(listings.hidden, false)),
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, "seller"), eq(users.verified, false), liveAccount())),
  ]);
  return { role: "admin", openReports: open?.n ?? 0, unverifiedSellers: sellers?.n ?? 0 };
}

/** The signed-in person's next steps, counted for their role (`GET /api/me/overview`). */
export async function getOverview(db: Db, user: AuthUser): Promise<Overview> {
  switch (user.role) {
    case "buyer":
      return buyerOverview(db, user.id);
    case "seller":
      return sellerOverview(db, user.id);
    case "admin":
      return adminOverview(db);
  }
}
