import { type AnyColumn, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { listings, reports, users } from "#server/db/schema.ts";
import { Conflict, NotFound } from "#server/errors.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import { decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { isForeignKeyViolation, isUniqueViolation } from "#server/lib/pg-errors.ts";
import { MSG } from "#shared/messages.ts";
import type { ReportCreateReq } from "#shared/schemas/reports.ts";
import { reportColumns } from "./presenter.ts";

/** Only a buyer reports listings: anyone else has no report of their own to see. */
function reporterOf(user: AuthUser | null): string | null {
  return user?.role === "buyer" ? user.id : null;
}

/**
 * Whether this viewer has reported the listing, as a column of the listing's own read (the details
 * page reads both in one statement): the `reporter` placeholder takes `reporterOf(viewer)`; null (not
 * a buyer) matches no report.
 */
export const reportedByMe = {
  column: (listingId: AnyColumn) =>
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
    await db.transaction(async (tx) => {
      await lockLiveAccount(tx, buyer.id);
      await tx.insert(reports).values({ listingId, reporterId: buyer.id, reason: req.reason });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(MSG.report.alreadyReported);
    // Deleted (by its seller or an admin) between the check above and this insert.
    if (isForeignKeyViolation(err)) throw new NotFound(MSG.listing.notFound);
    throw err;
  }
}

/**
 * A page of the listings with open reports, most recently reported first: their ids, every report of
 * each (reason and reporter, newest first) and each one's seller. The admin's queue
 * (`workflows/reported-listings.ts`) adds the listings themselves.
 */
export async function openReports(db: Db, q: { cursor?: string | undefined; limit: number }) {
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
  const [rows, sellers] = await Promise.all([
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
  return {
    ids,
    reportsOf: (listingId: string) => rows.filter((r) => r.listingId === listingId),
    sellerOf: new Map(sellers.map((s) => [s.listingId, s])),
    nextCursor: page.nextCursor,
  };
}

/** The reports of bikes an admin has removed: handled, so they leave the queue. */
export async function closeReportsOf(tx: Tx, listingIds: string[]): Promise<void> {
  if (listingIds.length === 0) return;
  await tx.delete(reports).where(inArray(reports.listingId, listingIds));
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
