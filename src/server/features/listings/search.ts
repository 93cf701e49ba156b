/**
 * The market's search: `GET /api/listings` with its filters, sorts, keyset pages and count
 * (decision 016). Every page walks an index in the order asked for and stops at the page's end, so
 * a page costs about the same with ten thousand listings or a million.
 */
import { and, asc, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { bikeModels, listings, users } from "#server/db/schema.ts";
import { BadRequest, NotFound } from "#server/errors.ts";
import {
  afterKeyset,
  decodeKeysetCursor,
  isUuid,
  type KeysetCursor,
  type SortValueKind,
  toKeysetPage,
} from "#server/lib/pagination.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import { MSG } from "#shared/messages.ts";
import {
  type ListingSort,
  type ListingsQuery,
  type ListingsSearchPage,
  TOTAL_CAP,
} from "#shared/schemas/listings.ts";
import { normaliseName } from "./catalogue.ts";
import { selectListings, toListing } from "./presenter.ts";

type ListingRow = Awaited<ReturnType<ReturnType<typeof selectListings>["execute"]>>[number];

/** Each sort: its column and direction (the id breaks ties the same way), and its cursor's value. */
const SORTS: Record<
  ListingSort,
  { column: PgColumn; dir: "asc" | "desc"; kind: SortValueKind; valueOf: (r: ListingRow) => string | number }
> = {
  newest: { column: listings.createdAt, dir: "desc", kind: "timestamp", valueOf: (r) => r.createdAtText },
  price_asc: { column: listings.askingPrice, dir: "asc", kind: "int", valueOf: (r) => r.askingPrice },
  price_desc: { column: listings.askingPrice, dir: "desc", kind: "int", valueOf: (r) => r.askingPrice },
  km_asc: { column: listings.kmRun, dir: "asc", kind: "int", valueOf: (r) => r.kmRun },
  year_desc: { column: listings.year, dir: "desc", kind: "int", valueOf: (r) => r.year },
};

/**
 * Up to this many catalogue models, a search walks each model's own index and merges them (cost:
 * models × page). A search matching more (a brand with a long catalogue, a query like "150") is a
 * large share of the market, so walking the sort's index and skipping the other models is cheaper.
 */
export const MANY_MODELS = 40;

/** How close a typed name must be to a catalogue entry: "pulser" → "bajaj pulsar 150" is 0.57. */
const WORD_SIMILARITY = 0.5;

const RANGES = [
  ["minPrice", "maxPrice", "price"],
  ["minCc", "maxCc", "engine CC"],
  ["minYear", "maxYear", "year"],
] as const;

/** What the schema cannot say alone: a known category, a seller id, ranges the right way round. */
function checkQuery(q: ListingsQuery) {
  if (q.category !== "all" && !(CATEGORY_SLUGS as readonly string[]).includes(q.category)) {
    throw new NotFound(MSG.listing.unknownCategory);
  }
  if (q.seller !== undefined && !isUuid(q.seller)) {
    throw new BadRequest(MSG.listing.sellerNotFound, { seller: MSG.listing.sellerNotFound });
  }
  for (const [min, max, what] of RANGES) {
    const low = q[min];
    const high = q[max];
    if (low !== undefined && high !== undefined && low > high) {
      throw new BadRequest(MSG.listing.minAboveMax(what), { [min]: MSG.listing.minAboveMax(what) });
    }
  }
}

/**
 * The catalogue models that `q` and `brand` name, or null when neither is given (every model). The
 * catalogue holds one row per model, not per listing, so this costs the same however big the market.
 * `q` names the models that hold it from the start of a word, spaces aside ("fz s" and "fzs" both
 * find "fz s v3" and "fzs fi"); when none does, it was mistyped, and the models it is close to a run of
 * words of count (word_similarity: "pulser" finds "bajaj pulsar 150" and "bajaj pulsar ns 160").
 * Exact first, so "pulsar 150" finds that model and not every Pulsar.
 */
async function modelKeysFor(db: Db, q: ListingsQuery): Promise<string[] | null> {
  const text = q.q === undefined ? "" : normaliseName(q.q);
  const brand = q.brand === undefined ? "" : normaliseName(q.brand);
  if (text === "" && brand === "") return null;
  const byBrand = brand === "" ? undefined : eq(bikeModels.brandKey, brand);
  if (text === "") {
    const rows = await db.select({ key: bikeModels.key }).from(bikeModels).where(byBrand);
    return rows.map((r) => r.key);
  }
  // From the start of a word, spaces anywhere: "fzs" → `(^| )f ?z ?s`, which "fz s v3" holds and
  // "pulsar 150" does not hold for "r15". normaliseName leaves letters, digits and single spaces
  // only, none of which a regular expression reads as anything but itself.
  const pattern = `(^| )${[...text.replaceAll(" ", "")].join(" ?")}`;
  const holds = sql<boolean>`${bikeModels.key} ~ ${pattern}`;
  const rows = await db
    .select({ key: bikeModels.key, holds })
    .from(bikeModels)
    .where(
      and(byBrand, sql`(${holds} or word_similarity(${text}, ${bikeModels.key}) >= ${WORD_SIMILARITY})`),
    );
  const exact = rows.filter((r) => r.holds);
  return (exact.length > 0 ? exact : rows).map((r) => r.key);
}

/** The filters every row of the answer meets (the catalogue models aside). */
function filtersOf(q: ListingsQuery): SQL[] {
  const where: SQL[] = [eq(listings.hidden, false)];
  if (q.sold === "exclude") where.push(eq(listings.status, "available"));
  if (q.category !== "all") where.push(eq(listings.categorySlug, q.category));
  if (q.minPrice !== undefined) where.push(gte(listings.askingPrice, q.minPrice));
  if (q.maxPrice !== undefined) where.push(lte(listings.askingPrice, q.maxPrice));
  if (q.minCc !== undefined) where.push(gte(listings.engineCc, q.minCc));
  if (q.maxCc !== undefined) where.push(lte(listings.engineCc, q.maxCc));
  if (q.minYear !== undefined) where.push(gte(listings.year, q.minYear));
  if (q.maxYear !== undefined) where.push(lte(listings.year, q.maxYear));
  if (q.maxKm !== undefined) where.push(lte(listings.kmRun, q.maxKm));
  if (q.district !== undefined) where.push(eq(listings.districtSlug, q.district));
  if (q.negotiable === "true") where.push(eq(listings.negotiable, true));
  if (q.seller !== undefined) where.push(eq(listings.sellerId, q.seller));
  if (q.verified === "true") {
    where.push(
      sql`exists (select 1 from ${users} where ${users.id} = ${listings.sellerId} and ${users.verified})`,
    );
  }
  return where;
}

const direction = (dir: "asc" | "desc") => (dir === "asc" ? sql`asc` : sql`desc`);

/** The models to merge, one row each; the keys travel as one array parameter, however many. */
function modelRows(keys: string[]): SQL {
  return sql`unnest(${sql.param(keys)}::text[]) as k(key)`;
}

/**
 * The ids of one page, in order. With a few models: the first `take` rows of each model through its
 * (model_key, sort, id) index, merged; otherwise the sort's own index, skipping rows that do not match.
 */
function pageIds(
  where: SQL[],
  keys: string[] | null,
  sort: (typeof SORTS)[ListingSort],
  cursor: KeysetCursor | null,
  take: number,
): SQL {
  const dir = direction(sort.dir);
  const after = afterKeyset(sort.column, listings.id, sort.dir, sort.kind, cursor);
  const conditions = and(...where, after);
  if (keys === null) {
    return sql`select ${listings.id} from ${listings} where ${conditions}
      order by ${sort.column} ${dir}, ${listings.id} ${dir} limit ${take}`;
  }
  return sql`select p.id from ${modelRows(keys)} cross join lateral (
      select ${listings.id} as id, ${sort.column} as v from ${listings}
      where ${listings.modelKey} = k.key and ${conditions}
      order by ${sort.column} ${dir}, ${listings.id} ${dir} limit ${take}
    ) p
    order by p.v ${dir}, p.id ${dir} limit ${take}`;
}

/**
 * How many rows match, counting no further than TOTAL_CAP + 1 (an exact count of a big market is a
 * scan). Per model, the count walks the model's newest-first index in order, so it stops after
 * TOTAL_CAP + 1 rows; unordered, the planner would read every index entry of the model first.
 */
async function countCapped(db: Db, where: SQL[], keys: string[] | null): Promise<number> {
  const stop = TOTAL_CAP + 1;
  const conditions = and(...where);
  const matching =
    keys === null
      ? sql`select 1 from ${listings} where ${conditions} limit ${stop}`
      : sql`select 1 from ${modelRows(keys)} cross join lateral (
          select 1 from ${listings} where ${listings.modelKey} = k.key and ${conditions}
          order by ${listings.createdAt} desc, ${listings.id} desc limit ${stop}
        ) c limit ${stop}`;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`(${matching}) as matching`);
  return row?.n ?? 0;
}

/** `GET /api/listings`: one page of the bikes matching the query, in its sort, and how many match. */
export async function searchListings(db: Db, q: ListingsQuery): Promise<ListingsSearchPage> {
  checkQuery(q);
  const sort = SORTS[q.sort];
  const cursor = decodeKeysetCursor(q.cursor, q.sort, sort.kind);
  let keys = await modelKeysFor(db, q);
  if (keys !== null && keys.length === 0)
    return { items: [], nextCursor: null, total: 0, totalIsCapped: false };
  const where = filtersOf(q);
  if (keys !== null && keys.length > MANY_MODELS) {
    where.push(sql`${listings.modelKey} = any(${sql.param(keys)}::text[])`);
    keys = null;
  }
  const order = sort.dir === "asc" ? asc : desc;
  const rows = await selectListings(db)
    .where(sql`${listings.id} in (${pageIds(where, keys, sort, cursor, q.limit + 1)})`)
    .orderBy(order(sort.column), order(listings.id));
  const page = toKeysetPage(rows, q.limit, q.sort, (r) => ({ value: sort.valueOf(r), id: r.id }));
  // A first page that is the whole answer has counted itself.
  const counted = !cursor && rows.length <= q.limit ? rows.length : await countCapped(db, where, keys);
  return {
    items: page.items.map(toListing),
    nextCursor: page.nextCursor,
    total: Math.min(counted, TOTAL_CAP),
    totalIsCapped: counted > TOTAL_CAP,
  };
}
