/** A buyer's Saved page: their saved bikes (saved) with each bike as cards show it (listings). */
import type { Db } from "#server/db/client.ts";
import { listingsByIds } from "#server/features/listings/service.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import { savedRows } from "#server/features/saved/service.ts";
import type { SavedPage } from "#shared/schemas/saved.ts";

/** `GET /api/saved`: a page of saved bikes, newest saved first; two statements whatever the page size. */
export async function listSaved(
  db: Db,
  buyer: AuthUser,
  q: { cursor?: string | undefined; limit: number },
): Promise<SavedPage> {
  const { items, nextCursor } = await savedRows(db, buyer, q);
  const byId = await listingsByIds(
    db,
    items.map((r) => r.listingId),
  );
  return {
    // A bike deleted between the two reads is left out rather than shown half.
    items: items.flatMap((r) => {
      const listing = byId.get(r.listingId);
      return listing ? [{ listing, savedPrice: r.savedPrice, savedAt: r.createdAt.toISOString() }] : [];
    }),
    nextCursor,
  };
}
