/**
 * The catalogue of brands and models (`bike_models`): every listing points at its entry, and search,
 * the brand filter and the fair-price hint work through it (decision 016).
 */
import type { Db } from "#server/db/client.ts";
import { bikeModels } from "#server/db/schema.ts";

/** Lower case, every run of non-letters and non-digits one space: "FZ-S  V3" → "fz s v3". */
export function normaliseName(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
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

/** The brands of the catalogue, as first written, alphabetical: the brand filter's choices. */
export async function catalogueBrands(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinctOn([bikeModels.brandKey], { brand: bikeModels.brand })
    .from(bikeModels)
    .orderBy(bikeModels.brandKey, bikeModels.createdAt);
  return rows.map((r) => r.brand).sort((a, b) => a.localeCompare(b, "en"));
}
