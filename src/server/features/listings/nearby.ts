import type { Db } from "#server/db/client.ts";
import type { LISTING_FILTER_KEYS } from "#shared/listing-filters.ts";
import { MAX_ASKING_PRICE } from "#shared/listing-limits.ts";
import type { ListingsQuery, NearbySearch, NearbySearches } from "#shared/schemas/listings.ts";
import { checkQuery, searchListings } from "./search.ts";

/** How far "near" a price is: 20 % past the buyer's bound, rounded to a thousand taka. */
const PRICE_STRETCH = 0.2;
const ROUND_TAKA = 1000;

/**
 * The filters a search may leave out, nearest first: where the bike is and who sells it before what
 * it is; the search text last, since it is what the buyer came for. `sold` and `sort` never narrow.
 */
const LEAVE_OUT: readonly Exclude<(typeof LISTING_FILTER_KEYS)[number], "sold" | "sort">[] = [
  "district",
  "verified",
  "negotiable",
  "maxKm",
  "minYear",
  "maxYear",
  "minCc",
  "maxCc",
  "minPrice",
  "maxPrice",
  "brand",
  "q",
];

type Change = Pick<NearbySearch, "key" | "value">;

/** The one-change searches around `q`: its price bounds stretched by 20 %, then each filter left out. */
function changesOf(q: ListingsQuery): Change[] {
  const changes: Change[] = [];
  if (q.maxPrice !== undefined) {
    const stretched = Math.ceil((q.maxPrice * (1 + PRICE_STRETCH)) / ROUND_TAKA) * ROUND_TAKA;
    const value = Math.min(stretched, MAX_ASKING_PRICE);
    if (value > q.maxPrice) changes.push({ key: "maxPrice", value: String(value) });
  }
  if (q.minPrice !== undefined && q.minPrice > 0) {
    const value = Math.floor((q.minPrice * (1 - PRICE_STRETCH)) / ROUND_TAKA) * ROUND_TAKA;
    changes.push({ key: "minPrice", value: value > 0 ? String(value) : null });
  }
  for (const key of LEAVE_OUT) {
    // A flag set to "false" filters nothing: leaving it out finds the same bikes.
    const set = key === "verified" || key === "negotiable" ? q[key] === "true" : q[key] !== undefined;
    if (set) changes.push({ key, value: null });
  }
  return changes;
}

/**
 * `GET /api/listings/nearby`: what a search that found nothing could become to find something (the
 * page's "nearest matches"). Each change is counted as the list counts (capped at TOTAL_CAP); those
 * that find nothing are left out. One at a time, so a buyer's empty search holds one connection.
 */
export async function nearbySearches(db: Db, q: ListingsQuery): Promise<NearbySearches> {
  checkQuery(q);
  const searches: NearbySearch[] = [];
  for (const change of changesOf(q)) {
    const { total, totalIsCapped } = await searchListings(db, {
      ...q,
      [change.key]: change.value ?? undefined,
      cursor: undefined,
      limit: 1,
    });
    if (total > 0) searches.push({ ...change, total, totalIsCapped });
  }
  return { searches };
}
