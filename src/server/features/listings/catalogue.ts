/**
 * The catalogue of brands and models (`bike_models`): every listing points at its entry, and search,
 * the brand filter and the fair-price hint work through it (decision 016).
 */
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { bikeModels, listings } from "#server/db/schema.ts";

/**
 * Lower case, every run of non-letters and non-digits one space: "FZ-S  V3" → "fz s v3". Combining
 * marks are part of their letter (Bengali writes its vowel signs and virama as marks): "পালসার ১৫০"
 * stays two words, not "প লস র ১৫০".
 */
export function normaliseName(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The catalogue key of a brand and model. A model that repeats its brand ("Yamaha" + "Yamaha FZS")
 * is the same bike as one that does not ("Yamaha" + "FZS"), so the repeat is dropped.
 */
export function modelKey(brand: string, model: string): { key: string; brandKey: string } {
  const brandKey = normaliseName(brand);
  const m = normaliseName(model);
  const rest = m.startsWith(`${brandKey} `) ? m.slice(brandKey.length + 1) : m;
  return { key: rest === "" || rest === brandKey ? brandKey : `${brandKey} ${rest}`, brandKey };
}

/** Adds the brand and model to the catalogue when new; returns its key. Safe under races. */
export async function catalogueEntry(db: Db, brand: string, model: string): Promise<string> {
  const { key, brandKey } = modelKey(brand, model);
  await db
    .insert(bikeModels)
    .values({ key, brandKey, brand, model })
    .onConflictDoNothing({ target: bikeModels.key });
  return key;
}

/** Listings of a brand whose spellings are compared: enough to outvote a stray "yamaha". */
const SPELLING_SAMPLE = 20;

/**
 * The brand filter's choices, alphabetical: the brands with at least one visible bike for sale, each
 * spelled as most of them write it (among up to SPELLING_SAMPLE of its listings for sale, a tie to the
 * spelling that sorts first: "Yamaha" before "yamaha"). Per brand, the look-up walks its catalogue
 * models into the listings' model index and stops at the sample: a brand with nothing for sale finds
 * no row and is left out, however many sold or hidden listings it has had.
 */
export async function catalogueBrands(db: Db): Promise<string[]> {
  const sample = sql`select ${listings.brand} as brand from ${bikeModels}
    join ${listings} on ${listings.modelKey} = ${bikeModels.key}
    where ${bikeModels.brandKey} = b.brand_key and ${listings.status} = 'available' and not ${listings.hidden}
    limit ${SPELLING_SAMPLE}`;
  const rows = await db
    .select({
      brandKey: sql<string>`b.brand_key`,
      brand: sql<string>`s.brand`,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(sql`(select distinct ${bikeModels.brandKey} as brand_key from ${bikeModels}) b
      cross join lateral (${sample}) s`)
    .groupBy(sql`b.brand_key, s.brand`);
  const best = new Map<string, { brand: string; n: number }>();
  for (const r of rows) {
    const seen = best.get(r.brandKey);
    if (!seen || r.n > seen.n || (r.n === seen.n && r.brand < seen.brand)) best.set(r.brandKey, r);
  }
  return [...best.values()].map((b) => b.brand).sort((a, b) => a.localeCompare(b, "en"));
}
