import { desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { listings, orders, reports, users } from "#server/db/schema.ts";
import { Conflict, NotFound } from "#server/errors.ts";
import type { AuthUser } from "#server/features/auth/presenter.ts";
import { listingsByIds, type ReportedColumn } from "#server/features/listings/service.ts";
import { releaseHeldOrders } from "#server/features/orders/service.ts";
import { decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { isForeignKeyViolation, isUniqueViolation } from "#server/lib/pg-errors.ts";
import { MSG } from "#shared/messages.ts";
import type { ReportCreateReq } from "#shared/schemas/reports.ts";
import { reportColumns, toReportedListing } from "./presenter.ts";

/** Only a buyer reports listings: anyone else has no report of their own to see. */
function reporterOf(user: AuthUser | null): string | null {
  return user?.role === "buyer" ? user.id : null;
}

/**
 * Whether this viewer has reported the listing, as a column of the listing's own read (the details
 * page reads both in one statement): the `reporter` placeholder takes `reporterOf(viewer)`; null (not
 * a buyer) matches no report.
 */
export const reportedByMe: ReportedColumn = {
  column: (listingId) =>
    sql<boolean>`exists (select 1 from ${reports} where ${reports.listingId} = ${listingId} and ${reports.reporterId} = ${sql.placeholder("reporter")})`,
  reporterOf,
};

/** One report per buyer per listing: the unique index decides, so a double click cannot make two. */
export async function reportListing(
  db: Db,
  buyer: AuthUser,
  listingId: string,
  req: ReportCreateReq,
): Promise<void> {
  if (!isUuid(listingId)) throw new NotFound(MSG.listing.notFound);
  const [listing] = await db
    .select({ hidden: listings.hidden })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!listing || listing.hidden) throw new NotFound(MSG.listing.notFound);
  try {
    await db.insert(reports).values({ listingId, reporterId: buyer.id, reason: req.reason });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(MSG.report.alreadyReported);
    // Deleted (by its seller or an admin) between the check above and this insert.
    if (isForeignKeyViolation(err)) throw new NotFound(MSG.listing.notFound);
    throw err;
  }
}

/** Listings with open reports, most recently reported first, each with every reason and reporter. */
export async function listReported(db: Db, q: { cursor?: string | undefined; limit: number }) {
  const cursor = decodeCursor(q.cursor);
  const lastReport = max(reports.createdAt);
  const lastText = sql<string>`max(${reports.createdAt})::text`;
  const groups = await db
    .select({ listingId: reports.listingId, lastText })
    .from(reports)
    .innerJoin(listings, eq(listings.id, reports.listingId))
    .where(eq(listings.hidden, false))
    .groupBy(reports.listingId)
    .having(
      cursor
        ? sql`(${lastReport}, ${reports.listingId}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(lastReport), desc(reports.listingId))
    .limit(q.limit + 1);
  const page = toPage(groups, q.limit, (g) => ({ createdAt: g.lastText, id: g.listingId }));
  const ids = page.items.map((g) => g.listingId);
  const [byId, rows, sellers] = await Promise.all([
    listingsByIds(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select(reportColumns())
          .from(reports)
          .innerJoin(users, eq(users.id, reports.reporterId))
          .where(inArray(reports.listingId, ids))
          .orderBy(desc(reports.createdAt)),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ listingId: listings.id, id: users.id, name: users.name, email: users.email })
          .from(listings)
          .innerJoin(users, eq(users.id, listings.sellerId))
          .where(inArray(listings.id, ids)),
  ]);
  const sellerOf = new Map(sellers.map((s) => [s.listingId, s]));
  const items = ids.map((id) =>
    toReportedListing(
      byId.get(id)!,
      sellerOf.get(id)!,
      rows.filter((r) => r.listingId === id),
    ),
  );
  return { items, nextCursor: page.nextCursor };
}

/** Dismiss: the reports were unfounded; clear them all. */
export async function dismissReports(db: Db, listingId: string): Promise<void> {
  if (!isUuid(listingId)) throw new NotFound(MSG.listing.notFound);
  const removed = await db
    .delete(reports)
    .where(eq(reports.listingId, listingId))
    .returning({ id: reports.id });
  if (removed.length === 0) throw new NotFound(MSG.report.nothingToDismiss);
}

/**
 * Remove a listing as an admin. A listing with an order is hidden, not deleted, so the buyer's
 * order (and its payment) survives; otherwise it is deleted with its reports. A held order of it is
 * released in the same transaction: nobody can pay for a removed bike, and the hold stops counting
 * against the buyer's limit. Orders are ended before the bike's row is locked (decision 021's lock
 * order), and again after, for a booking that took the row in between.
 */
export async function removeListing(db: Db, listingId: string): Promise<void> {
  if (!isUuid(listingId)) throw new NotFound(MSG.listing.notFound);
  await db.transaction(async (tx) => {
    await releaseHeldOrders(tx, eq(orders.listingId, listingId));
    const [row] = await tx
      .select({ status: listings.status, hidden: listings.hidden })
      .from(listings)
      .where(eq(listings.id, listingId))
      .for("update");
    if (!row || row.hidden) throw new NotFound(MSG.listing.notFound);
    await releaseHeldOrders(tx, eq(orders.listingId, listingId));
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.listingId, listingId))
      .limit(1);
    if (order) {
      await tx.update(listings).set({ hidden: true, advertised: false }).where(eq(listings.id, listingId));
      await tx.delete(reports).where(eq(reports.listingId, listingId));
    } else {
      await tx.delete(listings).where(eq(listings.id, listingId));
    }
  });
}
