/**
 * A used-bike market as big as asked, written straight to the database in batches: the demo
 * catalogue's real brands and models (and a few more popular ones), weighted so commuters dominate
 * as they do in Bangladesh; years, kilometres and prices that follow a bike's age; districts
 * weighted towards Dhaka and Chattogram; about one bike in eight sold. Deterministic: the n-th row
 * is the same whatever size the market grows to, so a market grown from 10,000 to 1,000,000 holds
 * the same first 10,000.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { listings, users } from "#server/db/schema.ts";
import { catalogueEntry } from "#server/features/listings/catalogue.ts";
import { DEMO_BIKES } from "#server/seed/demo-catalogue.ts";
import { DISTRICT_SLUGS } from "#shared/districts.ts";

type Model = { brand: string; model: string; cc: number; category: string; newPrice: number };

/** Sold here by the thousand and missing from the demo catalogue. */
const POPULAR: Model[] = [
  { brand: "Bajaj", model: "Pulsar 150", cc: 149, category: "commuter", newPrice: 180_000 },
  { brand: "Bajaj", model: "Pulsar NS 160", cc: 160, category: "naked-sports", newPrice: 235_000 },
  { brand: "Yamaha", model: "FZS V2", cc: 149, category: "commuter", newPrice: 225_000 },
  { brand: "Honda", model: "CB Hornet 160R", cc: 162, category: "naked-sports", newPrice: 230_000 },
  { brand: "Suzuki", model: "Gixxer Monotone", cc: 155, category: "commuter", newPrice: 195_000 },
  { brand: "TVS", model: "Apache RTR 150", cc: 150, category: "commuter", newPrice: 190_000 },
];

export const MODELS: Model[] = [
  ...DEMO_BIKES.map((b) => ({
    brand: b.brand,
    model: b.model,
    cc: b.cc,
    category: b.category,
    newPrice: b.newPrice,
  })),
  ...POPULAR,
];

/** How often a model is listed, relative: commuters and small sports bikes most, electric least. */
const CATEGORY_WEIGHT: Record<string, number> = {
  commuter: 8,
  "naked-sports": 5,
  sports: 4,
  scooters: 3,
  cruiser: 2,
  "cafe-racer": 1,
  adventure: 1,
  touring: 1,
  "off-road": 1,
  "dirt-bikes": 1,
  electric: 1,
  others: 2,
};

/** Dhaka holds about a third of the market; every district has some. */
const DISTRICT_WEIGHT: Record<string, number> = {
  dhaka: 60,
  chattogram: 22,
  gazipur: 10,
  narayanganj: 8,
  sylhet: 7,
  khulna: 7,
  rajshahi: 7,
  cumilla: 6,
  mymensingh: 5,
  rangpur: 5,
  bogura: 4,
  barishal: 4,
  jashore: 3,
  "coxs-bazar": 3,
};

function cumulative<T>(items: T[], weight: (item: T) => number) {
  let sum = 0;
  const bounds = items.map((item) => (sum += weight(item)));
  return (r: number) => items[bounds.findIndex((b) => r * sum < b)] ?? items[items.length - 1]!;
}

const pickModel = cumulative(MODELS, (m) => CATEGORY_WEIGHT[m.category] ?? 1);
const pickDistrict = cumulative([...DISTRICT_SLUGS], (d) => DISTRICT_WEIGHT[d] ?? 1);

/** mulberry32: a small deterministic generator, seeded per row. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const THIS_YEAR = 2026;

export type Market = {
  sellerIds: string[];
  modelKeys: string[];
  photoKey: string;
  /** When row 0 was posted; row n is n × `spacingMs` later. */
  start: number;
  spacingMs: number;
};

/** The sellers (a third verified) and the catalogue; the listings come with `grow`. */
export async function openMarket(
  db: Db,
  photoKey: string,
  sellers: number,
  maxRows: number,
): Promise<Market> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: sellers }, (_, i) => ({
        name: `Bench Seller ${i}`,
        email: `bench-seller-${i}@motohaat.test`,
        role: "seller" as const,
        verified: i % 3 === 0,
      })),
    )
    .returning({ id: users.id });
  const modelKeys: string[] = [];
  for (const m of MODELS) modelKeys.push(await catalogueEntry(db, m.brand, m.model));
  // Three years of listings end now, however many there are.
  const spacingMs = Math.max(1, Math.floor((3 * 365 * 86_400_000) / maxRows));
  return {
    sellerIds: rows.map((r) => r.id),
    modelKeys,
    photoKey,
    start: Date.now() - maxRows * spacingMs,
    spacingMs,
  };
}

/** Listing number `i` of the market. */
function row(market: Market, i: number) {
  const rnd = random(i * 2654435761);
  const m = pickModel(rnd());
  const modelIndex = MODELS.indexOf(m);
  // Most bikes on sale are two to six years old.
  const age = Math.min(15, Math.floor(-Math.log(1 - rnd() * 0.999) * 3.5));
  const year = THIS_YEAR - age;
  const kmRun = Math.round((age * (5000 + rnd() * 9000) + rnd() * 4000) / 100) * 100;
  // About 9 % a year off the new price, give or take 15 %, in whole thousands: many ties.
  const price = m.newPrice * 0.88 * 0.91 ** age * (0.85 + rnd() * 0.3);
  const askingPrice = Math.max(5000, Math.round(price / 1000) * 1000);
  return {
    sellerId: market.sellerIds[Math.floor(rnd() * market.sellerIds.length)]!,
    categorySlug: m.category,
    model: m.model,
    brand: m.brand,
    engineCc: m.cc,
    brandNewPrice: m.newPrice,
    askingPrice,
    totalUsed: `${Math.max(1, age)} years`,
    modelKey: market.modelKeys[modelIndex]!,
    year,
    kmRun,
    districtSlug: pickDistrict(rnd()),
    hasRegistration: rnd() < 0.9,
    nameTransfer: rnd() < 0.6,
    negotiable: rnd() < 0.8,
    photoKey: market.photoKey,
    advertised: rnd() < 0.01,
    status: rnd() < 0.12 ? ("sold" as const) : ("available" as const),
    hidden: rnd() < 0.002,
    createdAt: new Date(market.start + i * market.spacingMs),
  };
}

/** Adds rows `from` to `to` − 1, 2,500 an INSERT (17 columns each, under PostgreSQL's 65,535 parameters). */
export async function grow(
  db: Db,
  market: Market,
  from: number,
  to: number,
  onProgress?: (n: number) => void,
) {
  const BATCH = 2500;
  for (let offset = from; offset < to; offset += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, to - offset) }, (_, j) => row(market, offset + j));
    await db.insert(listings).values(batch);
    if ((offset - from) % 100_000 < BATCH) onProgress?.(offset + batch.length);
  }
  // What autovacuum does soon after a bulk load on a real server: give the planner statistics.
  await db.execute(sql`analyze`);
}
