/**
 * Saved bikes: the saved_listings table. A buyer keeps an eye on a bike (the heart on its card and
 * page) and hears when its price drops or it is sold: those notices are written by the workflows
 * that change the bike (`workflows/listing-edit.ts`, and the payment for a sale), from `saversOf`.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { listings, savedListings } from "#server/db/schema.ts";
import { NotFound } from "#server/errors.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import { beforeCursor, decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { isForeignKeyViolation } from "#server/lib/pg-errors.ts";
import { MSG } from "#shared/messages.ts";

/** The most bikes `GET /api/saved/ids` names (the most recently saved): the hearts of any page a buyer browses. */
export const SAVED_IDS_MAX = 1000;

/**
 * Saves a bike for the buyer at its asking price now. Saving it again changes nothing (the first
 * price stays: "price dropped" is measured from when they first saved it). A bike removed by an
 * admin, deleted or unknown is a 404.
 */
export async function saveBike(db: Db, buyer: AuthUser, listingId: string): Promise<void> {
  if (!isUuid(listingId)) throw new NotFound(MSG.listing.notFound);
  try {
    await db.transaction(async (tx) => {
      await lockLiveAccount(tx, buyer.id);
      const [bike] = await tx
        .select({ askingPrice: listings.askingPrice })
        .from(listings)
        .where(and(eq(listings.id, listingId), eq(listings.hidden, false)))
        .limit(1);
      if (!bike) throw new NotFound(MSG.listing.notFound);
      await tx
        .insert(savedListings)
        .values({ userId: buyer.id, listingId, savedPrice: bike.askingPrice })
        .onConflictDoNothing();
    });
  } catch (err) {
    // Deleted by its seller between the read and the insert.
    if (isForeignKeyViolation(err)) throw new NotFound(MSG.listing.notFound);
    throw err;
  }
}

/** Unsaves a bike; a bike not saved (or gone) answers the same. */
export async function unsaveBike(db: Db, buyer: AuthUser, listingId: string): Promise<void> {
  if (!isUuid(listingId)) throw new NotFound(MSG.listing.notFound);
  await db
    .delete(savedListings)
    .where(and(eq(savedListings.userId, buyer.id), eq(savedListings.listingId, listingId)));
}

/** The ids of the bikes the buyer saved, most recent first (at most SAVED_IDS_MAX). */
export async function savedIds(db: Db, buyer: AuthUser): Promise<string[]> {
  const rows = await db
    .select({ id: savedListings.listingId })
    .from(savedListings)
    .where(eq(savedListings.userId, buyer.id))
    .orderBy(desc(savedListings.createdAt), desc(savedListings.listingId))
    .limit(SAVED_IDS_MAX);
  return rows.map((r) => r.id);
}

/**
 * A page of the buyer's saved bikes, newest saved first: which bike, at what price and when. A bike
 * an admin removed (hidden) is left out; a sold one stays (it reads `Stock Out`). The workflow
 * `saved-bikes.ts` adds the listings themselves.
 */
export async function savedRows(db: Db, buyer: AuthUser, q: { cursor?: string | undefined; limit: number }) {
  const cursor = decodeCursor(q.cursor);
  const rows = await db
    .select({
      listingId: savedListings.listingId,
      savedPrice: savedListings.savedPrice,
      createdAt: savedListings.createdAt,
      createdAtText: sql<string>`${savedListings.createdAt}::text`,
    })
    .from(savedListings)
    .innerJoin(listings, eq(listings.id, savedListings.listingId))
    .where(
      and(
        eq(savedListings.userId, buyer.id),
        eq(listings.hidden, false),
        beforeCursor(savedListings.createdAt, savedListings.listingId, cursor),
      ),
    )
    .orderBy(desc(savedListings.createdAt), desc(savedListings.listingId))
    .limit(q.limit + 1);
  return toPage(rows, q.limit, (r) => ({ createdAt: r.createdAtText, id: r.listingId }));
}

/** Who saved this bike (their user ids): everyone a price drop or a sale of it tells. */
export async function saversOf(tx: Tx | Db, listingId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: savedListings.userId })
    .from(savedListings)
    .where(eq(savedListings.listingId, listingId));
  return rows.map((r) => r.userId);
}
