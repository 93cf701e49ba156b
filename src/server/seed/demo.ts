import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/client.ts";
import { appMeta, listingPhotos, listings, orders, payments, users } from "#server/db/schema.ts";
import { verifySeller } from "#server/features/admin/service.ts";
import { DEMO_ACCOUNTS } from "#server/features/auth/demo-accounts.ts";
import { createUser, findUserByEmail } from "#server/features/auth/service.ts";
import { catalogueEntry } from "#server/features/listings/catalogue.ts";
import { type ImageStore, type StoredImage, saveImage } from "#server/images/store.ts";
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

const pictureKey = (p: Picture) => `${p.category}|${p.paint}|${p.backdrop}|${p.view}`;

async function demoUser(
  db: Db,
  store: ImageStore,
  u: {
    name: string;
    email: string;
    role: "buyer" | "seller" | "admin";
    password?: string;
    colours: readonly string[];
  },
): Promise<string> {
  const existing = await findUserByEmail(db, u.email);
  if (existing) return existing.id;
  const photo = await saveImage(db, store, await renderSvg(avatarSvg(u.colours[0]!, u.colours[1]!)));
  // Supporting cast gets an unguessable password: only the three demo accounts are for signing in.
  const password = u.password ?? `${randomBytes(24).toString("base64url")}Aa1!`;
  return createUser(db, { name: u.name, email: u.email, role: u.role, password, photoKey: photo.key });
}

/** Runs `fn` over `items`, `width` at a time (image processing is CPU-bound; two cores here). */
async function inBatches<T, R>(
  items: T[],
  width: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    out.push(...(await Promise.all(items.slice(i, i + width).map((item, j) => fn(item, i + j)))));
  }
  return out;
}

/**
 * Demo data, written once per database: a later start (or a user deleting demo rows) does not
 * bring it back. `SEED_DEMO=false` skips it altogether.
 */
export async function seedDemo(
  db: Db,
  store: ImageStore,
  log: Pick<FastifyBaseLogger, "info">,
): Promise<void> {
  const done = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY)).limit(1);
  if (done.length > 0) return;

  const ids: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    ids[account.email] = await demoUser(db, store, { ...account, colours: avatarColours[account.role]! });
  }
  for (const s of DEMO_SELLERS) {
    ids[s.email] = await demoUser(db, store, { ...s, role: "seller" });
    if (s.verified) await verifySeller(db, ids[s.email]!);
  }
  // Sellers have been on MotoHaat for a while: their pages say "member since" some years back.
  const sellerSince = [{ email: DEMO_ACCOUNTS[1]!.email, monthsAgo: KARIM_MONTHS }, ...DEMO_SELLERS];
  for (const s of sellerSince) {
    const joined = new Date(Date.now() - s.monthsAgo * 30 * DAY);
    await db.update(users).set({ createdAt: joined }).where(eq(users.id, ids[s.email]!));
  }
  for (const b of DEMO_BUYERS) ids[b.email] = await demoUser(db, store, { ...b, role: "buyer" });

  const sellerIds: Record<string, string> = { karim: ids[DEMO_ACCOUNTS[1]!.email]! };
  for (const s of DEMO_SELLERS) sellerIds[s.key] = ids[s.email]!;
  const buyerIds = [DEMO_ACCOUNTS[0]!.email, ...DEMO_BUYERS.map((b) => b.email)].map((e) => ids[e]!);

  // Image processing is the slow part of seeding: each distinct drawing is rendered and stored once,
  // however many listings show it (two bikes of one model in one paint share their pictures).
  const pictures = new Map<string, Picture>();
  for (const bike of DEMO_BIKES) for (const p of picturesOf(bike)) pictures.set(pictureKey(p), p);
  const stored = new Map<string, StoredImage>();
  await inBatches([...pictures], 4, async ([key, p]) => {
    const svg = bikeSvg(p.category, DEMO_COLOURS[p.paint % DEMO_COLOURS.length]!, p.backdrop, p.view);
    stored.set(key, await saveImage(db, store, await renderSvg(svg)));
  });

  const now = new Date();
  const count = DEMO_BIKES.length;
  await db.transaction(async (tx) => {
    let sales = 0;
    for (const [i, bike] of DEMO_BIKES.entries()) {
      const sold = bike.sold === true;
      // Posted over the last ~3 months in a shuffled order (13 is prime to the count: one slot each),
      // so the newest-first lists mix models and categories instead of following the file.
      const slot = (i * 13) % count;
      const createdAt = new Date(now.getTime() - (slot + 1) * 1.3 * DAY - (i % 5) * 3_600_000);
      const photos = picturesOf(bike).map((p) => stored.get(pictureKey(p))!);
      const f = demoListingFields(bike, now);
      const [row] = await tx
        .insert(listings)
        .values({
          sellerId: sellerIds[bike.seller]!,
          categorySlug: f.category,
          model: f.model,
          brand: f.brand,
          engineCc: f.engineCc,
          brandNewPrice: f.brandNewPrice,
          askingPrice: f.askingPrice,
          totalUsed: f.totalUsed,
          modelKey: await catalogueEntry(tx, f.brand, f.model),
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
        })
        .returning({ id: listings.id });
      await tx
        .insert(listingPhotos)
        .values(photos.map((image, position) => ({ listingId: row!.id, position, imageKey: image.key })));
      if (!sold) continue;
      // Buyers take turns, the demo buyer first; every other order is paid, so each buyer has one to pay.
      const sale = sales++;
      const bookedAt = new Date(Math.min(createdAt.getTime() + 2 * DAY, now.getTime() - 2 * 3_600_000));
      const paid = sale % 2 === 1;
      const [order] = await tx
        .insert(orders)
        .values({
          listingId: row!.id,
          buyerId: buyerIds[sale % buyerIds.length]!,
          price: bike.asking,
          phone: `+8801${String(710000000 + i * 1234567).slice(0, 9)}`,
          meetingLocation: MEETING_PLACES[i % MEETING_PLACES.length]!,
          createdAt: bookedAt,
          paidAt: paid ? new Date(bookedAt.getTime() + 3_600_000) : null,
        })
        .returning({ id: orders.id });
      if (paid) {
        await tx.insert(payments).values({
          orderId: order!.id,
          provider: "test",
          intentId: `pi_demo_${i}_${randomBytes(6).toString("hex")}`,
          amount: bike.asking * 100,
          currency: "BDT",
          cardBrand: "visa",
          cardLast4: "4242",
          createdAt: new Date(bookedAt.getTime() + 3_600_000),
        });
      }
    }
    await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing();
  });
  log.info(`demo data seeded: ${DEMO_BIKES.length} listings`);
}
