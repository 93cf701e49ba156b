/** The admins' review queue: listings with open reports, each with its reports and seller. */
import type { Db } from "#server/db/client.ts";
import { listingsByIds } from "#server/features/listings/service.ts";
import { toReportedListing } from "#server/features/reports/presenter.ts";
import { openReports } from "#server/features/reports/service.ts";
import type { ReportedListing } from "#shared/schemas/reports.ts";

export async function listReported(
  db: Db,
  q: { cursor?: string | undefined; limit: number },
): Promise<{ items: ReportedListing[]; nextCursor: string | null }> {
  const open = await openReports(db, q);
  const byId = await listingsByIds(db, open.ids);
  // A listing deleted between the two reads has left the queue.
  const items = open.ids.flatMap((id) => {
    const listing = byId.get(id);
    const seller = open.sellerOf.get(id);
    return listing && seller ? [toReportedListing(listing, seller, open.reportsOf(id))] : [];
  });
  return { items, nextCursor: open.nextCursor };
}
