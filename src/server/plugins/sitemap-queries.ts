/**
 * The database reads behind the sitemaps (sitemap.ts): which listings and sellers have a public page
 * worth a search engine's visit, in pages of keys. Every read walks a key range of an index in order,
 * so a page costs the same with ten thousand listings or a million; only the page boundaries need one
 * pass over the keys.
 */
import { and, asc, eq, gte, lt, max, type SQL, sql } from "drizzle-orm";
import type { SubqueryWithSelection } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { listings } from "#server/db/schema.ts";

/** For sale and not removed by an admin: a listing anyone may find and book. */
const forSale = and(eq(listings.status, "available"), eq(listings.hidden, false))!;

export type SitemapRow = { id: string; lastmod: Date };

/** The key a sitemap pages by: a listing's id, or a seller's. */
type KeyColumn = typeof listings.id | typeof listings.sellerId;
/** The keys a sitemap lists, one row each, as a subquery named `keys`. */
type Keys = SubqueryWithSelection<{ id: KeyColumn }, "keys">;

/** Keys from `from` (included) up to `to` (excluded; none: to the end). */
function keyRange(key: KeyColumn, from: string, to: string | undefined) {
  const range: SQL[] = [gte(key, from)];
  if (to !== undefined) range.push(lt(key, to));
  return range;
}

/**
 * The first id of every page of `size` ids of `keys`, in id order: one pass over them. Page n holds
 * the ids from its start up to the next page's start.
 */
async function pageStarts(db: Db, keys: Keys, size: number): Promise<string[]> {
  const numbered = db
    .select({ id: keys.id, n: sql<number>`row_number() over (order by ${keys.id})`.as("n") })
    .from(keys)
    .as("numbered");
  const rows = await db
    .select({ id: numbered.id })
    .from(numbered)
    .where(sql`(${numbered.n} - 1) % ${size} = 0`)
    .orderBy(asc(numbered.id));
  return rows.map((r) => r.id);
}

/** The first id of every page of `size` listings for sale (see pageStarts). */
export function listingPageStarts(db: Db, size: number): Promise<string[]> {
  return pageStarts(db, db.select({ id: listings.id }).from(listings).where(forSale).as("keys"), size);
}

/** Listings for sale with ids in [from, to), at most `size`, with the day each was listed. */
export function listingPage(
  db: Db,
  from: string,
  to: string | undefined,
  size: number,
): Promise<SitemapRow[]> {
  return db
    .select({ id: listings.id, lastmod: listings.createdAt })
    .from(listings)
    .where(and(forSale, ...keyRange(listings.id, from, to)))
    .orderBy(asc(listings.id))
    .limit(size);
}

/** The first id of every page of `size` sellers with a bike for sale (see pageStarts). */
export function sellerPageStarts(db: Db, size: number): Promise<string[]> {
  return pageStarts(
    db,
    db.selectDistinct({ id: listings.sellerId }).from(listings).where(forSale).as("keys"),
    size,
  );
}

/**
 * Sellers with a bike for sale and ids in [from, to), at most `size`; a seller's page changes when
 * they list a bike, so its lastmod is their newest listing for sale.
 */
export async function sellerPage(
  db: Db,
  from: string,
  to: string | undefined,
  size: number,
): Promise<SitemapRow[]> {
  const rows = await db
    .select({ id: listings.sellerId, lastmod: max(listings.createdAt) })
    .from(listings)
    .where(and(forSale, ...keyRange(listings.sellerId, from, to)))
    .groupBy(listings.sellerId)
    .orderBy(asc(listings.sellerId))
    .limit(size);
  return rows.map((r) => ({ id: r.id, lastmod: r.lastmod! }));
}
