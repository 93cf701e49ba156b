/**
 * Reports as the admins' review queue shows them: the one select and the one mapping of a report
 * and its reporter, and of the bike's seller (name and email, no photo: the queue shows the
 * listing's own seller photo).
 */
import { reports, users } from "#server/db/schema.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import type { ReportedListing } from "#shared/schemas/reports.ts";

/** The columns of a report and its reporter: join `users` on `reports.reporterId`. */
export function reportColumns() {
  return {
    id: reports.id,
    listingId: reports.listingId,
    reason: reports.reason,
    createdAt: reports.createdAt,
    reporterId: users.id,
    reporterName: users.name,
    reporterEmail: users.email,
  };
}

type ReportRow = {
  id: string;
  reason: string;
  createdAt: Date;
  reporterId: string;
  reporterName: string;
  reporterEmail: string;
};

/** A reported listing with its seller and its reports, in the order given. */
export function toReportedListing(
  listing: Listing,
  seller: ReportedListing["seller"],
  rows: ReportRow[],
): ReportedListing {
  return {
    listing,
    seller: { id: seller.id, name: seller.name, email: seller.email },
    reports: rows.map((r) => ({
      id: r.id,
      reason: r.reason,
      reportedAt: r.createdAt.toISOString(),
      reporter: { id: r.reporterId, name: r.reporterName, email: r.reporterEmail },
    })),
  };
}
