/**
 * "Is the price fair?": where a listing's asking price sits among comparable bikes. Comparables are
 * the other listings of the same catalogue entry (`model_key`: brand and model, normalised), of a
 * year within ±YEAR_SPAN, not hidden, and for sale or sold in the last year (the order's date).
 */
import { and, between, count, eq, gt, ne, or, type Placeholder, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { listings, orders } from "#server/db/schema.ts";
import { prepared } from "#server/lib/prepared.ts";
import type { Listing, PriceHint } from "#shared/schemas/listings.ts";

/** Years either side of the listing's own that still make a bike comparable. */
export const YEAR_SPAN = 2;
/** Fewer comparables than this say nothing about a price: no hint. */
export const MIN_COMPARABLES = 3;
/** Within this share of the typical price (either way) the price is "about" typical. */
export const ABOUT_PERCENT = 5;

const target = alias(listings, "target");
/** Written into the SQL as it is: a constant, not a parameter. */
const span = sql.raw(String(YEAR_SPAN));

/**
 * The median asking price and the number of a listing's comparables. One query: the listing by its
 * key, then its comparables through `listings_model_year_idx` (model_key, year), the sold ones' orders
 * through the orders' partial unique index on live orders' listing_id.
 */
export function comparablesOf(db: Db, listingId: string | Placeholder) {
  // A scalar subquery, not EXISTS: under the OR, PostgreSQL may turn an EXISTS into a hash of every
  // order of the year; this is one probe of the live orders' unique listing_id index per sold comparable.
  // Only its live (held or paid) order: a bike whose earlier holds ended has those orders too.
  const soldAt = sql`(select ${orders.createdAt} from ${orders} where ${orders.listingId} = ${listings.id} and ${orders.status} in ('held', 'paid'))`;
  return db
    .select({
      // The median; with an even number of comparables, the mean of the middle two.
      typical: sql<number | null>`percentile_cont(0.5) within group (order by ${listings.askingPrice})`,
      comparables: count(),
    })
    .from(target)
    .innerJoin(
      listings,
      and(
        eq(listings.modelKey, target.modelKey),
        between(listings.year, sql`${target.year} - ${span}`, sql`${target.year} + ${span}`),
        ne(listings.id, target.id),
      ),
    )
    .where(
      and(
        eq(target.id, listingId),
        eq(listings.hidden, false),
        or(
          eq(listings.status, "available"),
          and(eq(listings.status, "sold"), gt(soldAt, sql`now() - interval '1 year'`)),
        ),
      ),
    );
}

/** The hint for one listing, or null below MIN_COMPARABLES. */
export async function priceHintOf(
  db: Db,
  listing: Pick<Listing, "id" | "askingPrice">,
): Promise<PriceHint | null> {
  const statement = prepared(db, "price_hint", (d, name) =>
    comparablesOf(d, sql.placeholder("id")).prepare(name),
  );
  const [row] = await statement.execute({ id: listing.id });
  if (!row || row.typical === null || row.comparables < MIN_COMPARABLES) return null;
  const typicalPrice = Math.round(Number(row.typical));
  const difference = listing.askingPrice - typicalPrice;
  const verdict =
    Math.abs(difference) * 100 <= typicalPrice * ABOUT_PERCENT ? "about" : difference < 0 ? "below" : "above";
  return { typicalPrice, comparables: row.comparables, difference, verdict };
}
