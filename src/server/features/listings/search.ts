/**
 * The market's search: `GET /api/listings` with its filters, sorts, keyset pages and count
 * (decision 016). Every page walks an index in the order asked for and stops at the page's end, so
 * a page costs about the same with ten thousand listings or a million.
 */
import { createHash } from "node:crypto";
import { and, asc, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { bikeModels, listings, users } from "#server/db/schema.ts";
import { BadRequest, NotFound } from "#server/errors.ts";
import {
  afterKeyset,
  decodeKeysetCursor,
  isUuid,
  type SortValueKind,
  toKeysetPage,
} from "#server/lib/pagination.ts";
import { mayPrepare, prepared } from "#server/lib/prepared.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import { MSG } from "#shared/messages.ts";
import {
  type ListingSort,
  type ListingsQuery,
  type ListingsSearchPage,
  TOTAL_CAP,
} from "#shared/schemas/listings.ts";
import { latinNames } from "./bangla-names.ts";
import { normaliseName } from "./catalogue.ts";
import { selectListings, toListing } from "./presenter.ts";

type ListingRow = Awaited<
  ReturnType<ReturnType<typeof selectListings<Record<never, SQL>>>["execute"]>
>[number];

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
export function checkQuery(q: ListingsQuery) {
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
  // A name in Bangla is looked up as typed (a seller may have written the bike so) and in the
  // catalogue's words (পালসার → pulsar, বাজাজ → bajaj): bangla-names.ts.
  const spellings = (name: string) => [...new Set([latinNames(name), name])];
  const brands = spellings(brand);
  const byBrand = (on: boolean) => (on ? eq(bikeModels.brandKey, sql.placeholder("brand")) : undefined);
  if (text === "") {
    const statement = prepared(db, "models_of_brand", (d, name) =>
      d.select({ key: bikeModels.key }).from(bikeModels).where(byBrand(true)).prepare(name),
    );
    const rows = (await Promise.all(brands.map((b) => statement.execute({ brand: b })))).flat();
    return [...new Set(rows.map((r) => r.key))];
  }
  const withBrand = brand !== "";
  const statement = prepared(db, withBrand ? "models_named_of_brand" : "models_named", (d, name) => {
    const holds = sql<boolean>`${bikeModels.key} ~ ${sql.placeholder("pattern")}`;
    return d
      .select({ key: bikeModels.key, holds })
      .from(bikeModels)
      .where(
        and(
          byBrand(withBrand),
          sql`(${holds} or word_similarity(${sql.placeholder("text")}, ${bikeModels.key}) >= ${WORD_SIMILARITY})`,
        ),
      )
      .prepare(name);
  });
  const searches = spellings(text).flatMap((t) => brands.map((b) => ({ t, b })));
  const rows = (
    await Promise.all(
      searches.map(({ t, b }) => {
        // From the start of a word, spaces anywhere: "fzs" → `(^| )f ?z ?s`, which "fz s v3" holds
        // and "pulsar 150" does not hold for "r15". normaliseName leaves letters, digits and single
        // spaces only, none of which a regular expression reads as anything but itself.
        const pattern = `(^| )${[...t.replaceAll(" ", "")].join(" ?")}`;
        return statement.execute({ brand: b, pattern, text: t });
      }),
    )
  ).flat();
  const exact = rows.filter((r) => r.holds);
  return [...new Set((exact.length > 0 ? exact : rows).map((r) => r.key))];
}

const P = (name: keyof SearchValues) => sql.placeholder(name);

/** Every value a search statement may read, by placeholder name (each statement reads some of them). */
type SearchValues = Pick<
  ListingsQuery,
  | "category"
  | "minPrice"
  | "maxPrice"
  | "minCc"
  | "maxCc"
  | "minYear"
  | "maxYear"
  | "maxKm"
  | "district"
  | "seller"
> & { keys: string[] | null; after: string | number | undefined; afterId: string | undefined };

/**
 * Which filters a query uses, as a word: queries of one shape share their statements (decision 018),
 * whatever their values. The filters' SQL (filtersOf) reads the same flags.
 */
function filterShape(q: ListingsQuery): string {
  return [
    q.sold === "exclude" ? "a" : "",
    q.category !== "all" ? "c" : "",
    q.minPrice !== undefined ? "p" : "",
    q.maxPrice !== undefined ? "P" : "",
    q.minCc !== undefined ? "e" : "",
    q.maxCc !== undefined ? "E" : "",
    q.minYear !== undefined ? "y" : "",
    q.maxYear !== undefined ? "Y" : "",
    q.maxKm !== undefined ? "K" : "",
    q.district !== undefined ? "d" : "",
    q.negotiable === "true" ? "n" : "",
    q.seller !== undefined ? "s" : "",
    q.verified === "true" ? "v" : "",
  ].join("");
}

/** Whether the query filters by a value (not only by a yes/no flag). */
function hasValueFilter(q: ListingsQuery): boolean {
  return (
    q.category !== "all" ||
    q.minPrice !== undefined ||
    q.maxPrice !== undefined ||
    q.minCc !== undefined ||
    q.maxCc !== undefined ||
    q.minYear !== undefined ||
    q.maxYear !== undefined ||
    q.maxKm !== undefined ||
    q.district !== undefined ||
    q.seller !== undefined
  );
}

/**
 * The filters every row of the answer meets (the catalogue models aside), their values as
 * placeholders. What never varies is written into the SQL: an index or a plan may rely on it.
 */
function filtersOf(q: ListingsQuery): SQL[] {
  const where: SQL[] = [sql`${listings.hidden} = false`];
  if (q.sold === "exclude") where.push(sql`${listings.status} = 'available'`);
  if (q.category !== "all") where.push(eq(listings.categorySlug, P("category")));
  if (q.minPrice !== undefined) where.push(gte(listings.askingPrice, P("minPrice")));
  if (q.maxPrice !== undefined) where.push(lte(listings.askingPrice, P("maxPrice")));
  if (q.minCc !== undefined) where.push(gte(listings.engineCc, P("minCc")));
  if (q.maxCc !== undefined) where.push(lte(listings.engineCc, P("maxCc")));
  if (q.minYear !== undefined) where.push(gte(listings.year, P("minYear")));
  if (q.maxYear !== undefined) where.push(lte(listings.year, P("maxYear")));
  if (q.maxKm !== undefined) where.push(lte(listings.kmRun, P("maxKm")));
  if (q.district !== undefined) where.push(eq(listings.districtSlug, P("district")));
  if (q.negotiable === "true") where.push(eq(listings.negotiable, true));
  if (q.seller !== undefined) where.push(sql`${listings.sellerId} = ${P("seller")}::uuid`);
  if (q.verified === "true") {
    where.push(
      sql`exists (select 1 from ${users} where ${users.id} = ${listings.sellerId} and ${users.verified})`,
    );
  }
  return where;
}

const direction = (dir: "asc" | "desc") => (dir === "asc" ? sql`asc` : sql`desc`);

/** The models to merge, one row each; the keys travel as one array parameter, however many. */
function modelRows(): SQL {
  return sql`unnest(${P("keys")}::text[]) as k(key)`;
}

/**
 * How a search meets the catalogue models: every model (no `q` or `brand`), each of a few models
 * walked through its own index (`each`), or many as one condition on the sort's index (`any`).
 */
type ModelWalk = "all" | "each" | "any";

/** The rows after the cursor in the sort's order (one row comparison: a range of its index). */
function afterCursor(sort: (typeof SORTS)[ListingSort]): SQL {
  return afterKeyset(sort.column, listings.id, sort.dir, sort.kind, { value: P("after"), id: P("afterId") });
}

/**
 * The ids of one page, in order. With a few models: the first `take` rows of each model through its
 * (model_key, sort, id) index, merged; otherwise the sort's own index, skipping rows that do not match.
 * `take` is written into the SQL (a page size from the schema, 2 to 101): a plan made for any limit
 * would not be the one for a page.
 */
function pageIds(
  where: SQL[],
  walk: ModelWalk,
  sort: (typeof SORTS)[ListingSort],
  hasCursor: boolean,
  take: number,
): SQL {
  const dir = direction(sort.dir);
  const conditions = and(...where, hasCursor ? afterCursor(sort) : undefined);
  const limit = sql.raw(String(take));
  if (walk !== "each") {
    return sql`select ${listings.id} from ${listings} where ${conditions}
      order by ${sort.column} ${dir}, ${listings.id} ${dir} limit ${limit}`;
  }
  return sql`select p.id from ${modelRows()} cross join lateral (
      select ${listings.id} as id, ${sort.column} as v from ${listings}
      where ${listings.modelKey} = k.key and ${conditions}
      order by ${sort.column} ${dir}, ${listings.id} ${dir} limit ${limit}
    ) p
    order by p.v ${dir}, p.id ${dir} limit ${limit}`;
}

/**
 * How many rows match, counting no further than TOTAL_CAP + 1 (an exact count of a big market is a
 * scan). Per model, the count walks the model's newest-first index in order, so it stops after
 * TOTAL_CAP + 1 rows; unordered, the planner would read every index entry of the model first.
 */
function countCapped(db: Db, where: SQL[], walk: ModelWalk) {
  const stop = sql.raw(String(TOTAL_CAP + 1));
  const conditions = and(...where);
  const matching =
    walk !== "each"
      ? sql`select 1 from ${listings} where ${conditions} limit ${stop}`
      : sql`select 1 from ${modelRows()} cross join lateral (
          select 1 from ${listings} where ${listings.modelKey} = k.key and ${conditions}
          order by ${listings.createdAt} desc, ${listings.id} desc limit ${stop}
        ) c limit ${stop}`;
  return db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sql`(${matching}) as matching`);
}

/** The page's rows, in the sort's order. */
function pageRows(
  db: Db,
  where: SQL[],
  walk: ModelWalk,
  sort: (typeof SORTS)[ListingSort],
  hasCursor: boolean,
  take: number,
) {
  const order = sort.dir === "asc" ? asc : desc;
  return selectListings(db)
    .where(sql`${listings.id} in (${pageIds(where, walk, sort, hasCursor, take)})`)
    .orderBy(order(sort.column), order(listings.id));
}

/** A search statement's name on the server: the same shape, the same name and SQL in every process. */
function statementName(kind: string, shape: string): string {
  return `${kind}_${createHash("sha1").update(shape).digest("hex").slice(0, 24)}`;
}

/**
 * Runs the statement of `shape`: `named`, prepared once per handle (past MAX_PREPARED shapes, queries
 * can be shaped many ways, the rest are built for each request); otherwise built for this request and
 * sent unnamed, so PostgreSQL plans it for its values.
 */
function run<R>(
  db: Db,
  kind: string,
  shape: string,
  build: (db: Db) => {
    prepare(name: string): { execute(v: SearchValues): Promise<R> };
    execute(v: SearchValues): Promise<R>;
  },
  values: SearchValues,
  named: boolean,
): Promise<R> {
  const key = `${kind}:${shape}`;
  if (!named || !mayPrepare(db, key)) return build(db).execute(values);
  return prepared(db, key, (d) => build(d).prepare(statementName(kind, shape))).execute(values);
}

/** `GET /api/listings`: one page of the bikes matching the query, in its sort, and how many match. */
export async function searchListings(
  db: Db,
  q: ListingsQuery,
  /** `false`: the page only, `total` not counted (a caller that wants the first bikes, not how many). */
  options: { count?: boolean } = {},
): Promise<ListingsSearchPage> {
  checkQuery(q);
  const sort = SORTS[q.sort];
  const cursor = decodeKeysetCursor(q.cursor, q.sort, sort.kind);
  const keys = await modelKeysFor(db, q);
  if (keys !== null && keys.length === 0)
    return { items: [], nextCursor: null, total: 0, totalIsCapped: false };
  const walk: ModelWalk = keys === null ? "all" : keys.length > MANY_MODELS ? "any" : "each";
  const whereOf = (query: ListingsQuery) => {
    const where = filtersOf(query);
    if (walk === "any") where.push(sql`${listings.modelKey} = any(${P("keys")}::text[])`);
    return where;
  };
  const values: SearchValues = {
    category: q.category,
    minPrice: q.minPrice,
    maxPrice: q.maxPrice,
    minCc: q.minCc,
    maxCc: q.maxCc,
    minYear: q.minYear,
    maxYear: q.maxYear,
    maxKm: q.maxKm,
    district: q.district,
    seller: q.seller,
    keys,
    after: cursor?.value,
    afterId: cursor?.id,
  };
  const filters = `${filterShape(q)}/${walk}`;
  // A value whose share of the market varies (a district, a price range, a category, how many models)
  // would get one generic plan for all its values once the statement is named: such queries stay
  // unnamed and are planned for their own values, as before. The others' plans cannot depend on a
  // value: the feed, a cursor's range of the sort's index, a few models each walked in order.
  const named = walk !== "any" && !hasValueFilter(q);
  const take = q.limit + 1;
  const rows = await run(
    db,
    "listings_page",
    `${filters}/${q.sort}/${cursor ? "after" : "first"}/${take}`,
    (d) => pageRows(d, whereOf(q), walk, sort, cursor !== null, take),
    values,
    named,
  );
  const page = toKeysetPage(rows, q.limit, q.sort, (r) => ({ value: sort.valueOf(r), id: r.id }));
  // A first page that is the whole answer has counted itself.
  const counted =
    (!cursor && rows.length <= q.limit) || options.count === false
      ? rows.length
      : ((await run(db, "listings_count", filters, (d) => countCapped(d, whereOf(q), walk), values, named))[0]
          ?.n ?? 0);
  return {
    items: page.items.map(toListing),
    nextCursor: page.nextCursor,
    total: Math.min(counted, TOTAL_CAP),
    totalIsCapped: counted > TOTAL_CAP,
  };
}
