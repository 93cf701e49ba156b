import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pLimit from "p-limit";
import type { Db } from "#server/db/client.ts";
import {
  appMeta,
  images,
  ledgerEntries,
  listingPhotos,
  listings,
  orders,
  payments,
  users,
} from "#server/db/schema.ts";
import { verifySeller } from "#server/features/admin/service.ts";
import { DEMO_ACCOUNTS } from "#server/features/auth/demo-accounts.ts";
import { createUser, findUserByEmail } from "#server/features/auth/service.ts";
import { catalogueEntry } from "#server/features/listings/catalogue.ts";
import { IMAGE_QUEUE_MAX, type ImageStore } from "#server/images/store.ts";
import { type ListingCreateFields, MIN_YEAR } from "#shared/schemas/listings.ts";
import { avatarSvg, renderSvg } from "./art.ts";
import { type BikeView, bikeSvg } from "./bike-art.ts";
import {
  DEMO_BIKES,
  DEMO_BUYERS,
  DEMO_COLOURS,
  DEMO_SELLERS,
  type DemoBike,
  MEETING_PLACES,
} from "./demo-catalogue.ts";

const SEEDED_KEY = "demo_seeded_at";
/** How long the demo seller account (Karim Motors) has been selling on MotoHaat. */
const KARIM_MONTHS = 75;
const DAY = 24 * 60 * 60 * 1000;
const avatarColours: Record<string, [string, string]> = {
  buyer: ["#0ea5e9", "#f8fafc"],
  seller: ["#f97316", "#fde68a"],
  admin: ["#8b5cf6", "#e2e8f0"],
};

/** A month as the listing fields write it (`2027-06`), `months` after the month of `now`. */
function monthFrom(now: Date, months: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/**
 * A demo bike as a seller's Add Product form would send it, on the date `now`: the year and the
 * papers' months are counted back and forward from it, so the demo looks current whenever it is seeded.
 */
export function demoListingFields(bike: DemoBike, now: Date): ListingCreateFields {
  const month = (months: number | undefined) => (months === undefined ? undefined : monthFrom(now, months));
  return {
    model: bike.model,
    engineCc: bike.cc,
    category: bike.category,
    brand: bike.brand,
    brandNewPrice: bike.newPrice,
    askingPrice: bike.asking,
    totalUsed: bike.used,
    year: Math.max(MIN_YEAR, now.getUTCFullYear() - bike.age),
    kmRun: bike.km,
    district: bike.district,
    area: bike.area,
    description: bike.description,
    hasRegistration: bike.registered ?? true,
    taxTokenUntil: month(bike.taxToken),
    insuranceUntil: month(bike.insurance),
    nameTransfer: bike.nameTransfer ?? true,
    negotiable: bike.negotiable ?? true,
  };
}

type Picture = { category: string; paint: number; backdrop: number; view: BikeView };

/** A listing's photos, cover first: its drawing, then the seller's further views of the same bike. */
export function picturesOf(bike: DemoBike): Picture[] {
  const cover = {
    category: bike.category,
    paint: bike.paint,
    backdrop: bike.backdrop,
    view: "side" as const,
  };
  const extra = (bike.extra ?? []).map(
    (kind): Picture =>
      kind === "another-day" ? { ...cover, backdrop: cover.backdrop + 3 } : { ...cover, view: kind },
  );
  return [cover, ...extra];
}

/** A picture's drawing: bikes of one model in one paint share theirs (rendered and stored once). */
const pictureSvg = (p: Picture) =>
  bikeSvg(p.category, DEMO_COLOURS[p.paint % DEMO_COLOURS.length]!, p.backdrop, p.view);

type Person = {
  name: string;
  email: string;
  role: "buyer" | "seller" | "admin";
  password?: string;
  colours: readonly string[];
};

/** Everyone the demo data has, in the order they join: the demo accounts, then the sellers, then the buyers. */
const demoPeople = (): Person[] => [
  ...DEMO_ACCOUNTS.map((a) => ({ ...a, colours: avatarColours[a.role]! })),
  ...DEMO_SELLERS.map((s) => ({ ...s, role: "seller" as const })),
  ...DEMO_BUYERS.map((b) => ({ ...b, role: "buyer" as const })),
];

const personSvg = (p: Person) => avatarSvg(p.colours[0]!, p.colours[1]!);

type Encoded = Awaited<ReturnType<ImageStore["encode"]>>;

/**
 * Every drawing of the demo data, each being rendered and encoded (through the store, like any
 * upload), keyed by its SVG. Image processing is nearly all of seeding's work and needs no database,
 * so `npm start` begins it while the database is still being created (src/server/main.ts).
 */
export type DemoArt = ReadonlyMap<string, Promise<Encoded>>;

/** Encoded on every first start: a little larger files for a much quicker start (EncodeOptions). */
const DEMO_ART_EFFORT = 2;

/**
 * Starts encoding the demo's drawings, the avatars first (the accounts wait for them), as many at
 * once as there are cores (sharp runs each on libuv's threads, off the event loop). Bounded by the
 * store's queue too: the app's own store accepts its concurrency plus IMAGE_QUEUE_MAX at once.
 */
export function prepareDemoArt(store: ImageStore): DemoArt {
  const limit = pLimit(Math.min(os.availableParallelism(), IMAGE_QUEUE_MAX));
  const svgs = [...demoPeople().map(personSvg), ...DEMO_BIKES.flatMap(picturesOf).map(pictureSvg)];
  const art = new Map<string, Promise<Encoded>>();
  for (const svg of svgs) {
    if (art.has(svg)) continue;
    const encoded = limit(async () => store.encode(await renderSvg(svg), { effort: DEMO_ART_EFFORT }));
    // Awaited by seedDemo; this only keeps a failure from being reported as unhandled before that.
    encoded.catch(() => {});
    art.set(svg, encoded);
  }
  return art;
}

/**
 * Records encoded images and writes their files, as saveImage does: the rows first (an existing one
 * has its time refreshed, so the clean-up leaves it), then the files.
 */
async function saveEncoded(db: Db, store: ImageStore, encoded: Encoded[]): Promise<void> {
  const unique = new Map(encoded.map((image) => [image.key, image]));
  await db
    .insert(images)
    .values([...unique.values()].map(({ key, width, height }) => ({ key, width, height })))
    .onConflictDoUpdate({ target: images.key, set: { createdAt: sql`now()` } });
  await Promise.all([...unique.values()].map((image) => store.write(image)));
}

async function demoUser(db: Db, store: ImageStore, art: DemoArt, u: Person): Promise<string> {
  const existing = await findUserByEmail(db, u.email);
  if (existing) return existing.id;
  const photo = await art.get(personSvg(u))!;
  await saveEncoded(db, store, [photo]);
  // Supporting cast gets an unguessable password: only the three demo accounts are for signing in.
  const password = u.password ?? `${randomBytes(24).toString("base64url")}Aa1!`;
  return createUser(db, { name: u.name, email: u.email, role: u.role, password, photoKey: photo.key });
}

export type DemoSeed = { bikes: number; accounts: number };

/**
 * Demo data, written once per database: a later start (or a user deleting demo rows) does not
 * bring it back; then the answer is `undefined`. `SEED_DEMO=false` skips it altogether. `art`: the
 * drawings, when the caller began encoding them earlier (prepareDemoArt on the same store).
 */
export async function seedDemo(
  db: Db,
  store: ImageStore,
  log?: Pick<FastifyBaseLogger, "info">,
  options: { art?: DemoArt } = {},
): Promise<DemoSeed | undefined> {
  const done = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY)).limit(1);
  if (done.length > 0) return undefined;
  const art = options.art ?? prepareDemoArt(store);

  const people = demoPeople();
  const ids: Record<string, string> = {};
  for (const person of people) {
    ids[person.email] = await demoUser(db, store, art, person);
  }
  for (const s of DEMO_SELLERS) if (s.verified) await verifySeller(db, ids[s.email]!);
  // Sellers have been on MotoHaat for a while: their pages say "member since" some years back.
  const sellerSince = [{ email: DEMO_ACCOUNTS[1]!.email, monthsAgo: KARIM_MONTHS }, ...DEMO_SELLERS];
  for (const s of sellerSince) {
    const joined = new Date(Date.now() - s.monthsAgo * 30 * DAY);
    await db.update(users).set({ createdAt: joined }).where(eq(users.id, ids[s.email]!));
  }

  const sellerIds: Record<string, string> = { karim: ids[DEMO_ACCOUNTS[1]!.email]! };
  for (const s of DEMO_SELLERS) sellerIds[s.key] = ids[s.email]!;
  const buyerIds = [DEMO_ACCOUNTS[0]!.email, ...DEMO_BUYERS.map((b) => b.email)].map((e) => ids[e]!);

  // Each distinct drawing is stored once, however many listings show it.
  const photosOf = await Promise.all(
    DEMO_BIKES.map((bike) => Promise.all(picturesOf(bike).map((p) => art.get(pictureSvg(p))!))),
  );
  await saveEncoded(db, store, [...new Set(photosOf.flat())]);

  // Every row at once, in one transaction: ids are made here, so each insert is a single statement.
  const now = new Date();
  const count = DEMO_BIKES.length;
  const listingRows: (typeof listings.$inferInsert)[] = [];
  const photoRows: (typeof listingPhotos.$inferInsert)[] = [];
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  const ledgerRows: (typeof ledgerEntries.$inferInsert)[] = [];
  const modelKeys = new Map<string, string>();
  await db.transaction(async (tx) => {
    let sales = 0;
    for (const [i, bike] of DEMO_BIKES.entries()) {
      const sold = bike.sold === true;
      // Posted over the last ~3 months in a shuffled order (13 is prime to the count: one slot each),
      // so the newest-first lists mix models and categories instead of following the file.
      const slot = (i * 13) % count;
      const createdAt = new Date(now.getTime() - (slot + 1) * 1.3 * DAY - (i % 5) * 3_600_000);
      const photos = photosOf[i]!;
      const f = demoListingFields(bike, now);
      const catalogued = `${f.brand}\n${f.model}`;
      if (!modelKeys.has(catalogued)) modelKeys.set(catalogued, await catalogueEntry(tx, f.brand, f.model));
      const listingId = randomUUID();
      listingRows.push({
        id: listingId,
        sellerId: sellerIds[bike.seller]!,
        categorySlug: f.category,
        model: f.model,
        brand: f.brand,
        engineCc: f.engineCc,
        brandNewPrice: f.brandNewPrice,
        askingPrice: f.askingPrice,
        totalUsed: f.totalUsed,
        modelKey: modelKeys.get(catalogued)!,
        year: f.year,
        kmRun: f.kmRun,
        districtSlug: f.district,
        area: f.area ?? null,
        description: f.description ?? null,
        hasRegistration: f.hasRegistration,
        taxTokenUntil: f.taxTokenUntil ?? null,
        insuranceUntil: f.insuranceUntil ?? null,
        nameTransfer: f.nameTransfer,
        negotiable: f.negotiable,
        photoKey: photos[0]!.key,
        advertised: bike.advertised === true,
        status: sold ? "sold" : "available",
        createdAt,
      });
      photoRows.push(...photos.map((image, position) => ({ listingId, position, imageKey: image.key })));
      if (!sold) continue;
      // Buyers take turns, the demo buyer first; every other order is paid, so each buyer has one to pay.
      // An unpaid one was booked a few hours ago and is held for the default 48 hours from then
      // (decision 021), so the demo shows bookings to pay rather than holds that ran out long ago.
      const sale = sales++;
      const paid = sale % 2 === 1;
      const bookedAt = paid
        ? new Date(Math.min(createdAt.getTime() + 2 * DAY, now.getTime() - 2 * 3_600_000))
        : new Date(now.getTime() - (2 + (sale % 7)) * 3_600_000);
      const orderId = randomUUID();
      orderRows.push({
        id: orderId,
        listingId,
        buyerId: buyerIds[sale % buyerIds.length]!,
        price: bike.asking,
        phone: `+8801${String(710000000 + i * 1234567).slice(0, 9)}`,
        meetingLocation: MEETING_PLACES[i % MEETING_PLACES.length]!,
        createdAt: bookedAt,
        paidAt: paid ? new Date(bookedAt.getTime() + 3_600_000) : null,
        // Card money held until the handover, 7 days at most (decision 028): older sales are released
        // to their sellers by the first sweep, recent ones wait for their buyers.
        releaseDueAt: paid ? new Date(bookedAt.getTime() + 3_600_000 + 7 * DAY) : null,
        status: paid ? "paid" : "held",
        holdUntil: new Date(bookedAt.getTime() + 2 * DAY),
      });
      if (paid) {
        paymentRows.push({
          orderId,
          provider: "test",
          intentId: `pi_demo_${i}_${randomBytes(6).toString("hex")}`,
          amount: bike.asking * 100,
          currency: "BDT",
          cardBrand: "visa",
          cardLast4: "4242",
          createdAt: new Date(bookedAt.getTime() + 3_600_000),
        });
        // The card money is held by MotoHaat, as a real payment's would be (decision 028).
        ledgerRows.push({
          kind: "received",
          orderId,
          sellerId: sellerIds[bike.seller]!,
          amount: bike.asking * 100,
          createdAt: new Date(bookedAt.getTime() + 3_600_000),
        });
      }
    }
    await tx.insert(listings).values(listingRows);
    await tx.insert(listingPhotos).values(photoRows);
    if (orderRows.length > 0) await tx.insert(orders).values(orderRows);
    if (paymentRows.length > 0) await tx.insert(payments).values(paymentRows);
    if (ledgerRows.length > 0) await tx.insert(ledgerEntries).values(ledgerRows);
    await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing();
  });
  log?.info(`demo data seeded: ${DEMO_BIKES.length} listings`);
  return { bikes: DEMO_BIKES.length, accounts: people.length };
}
