import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/client.ts";
import { appMeta, listingPhotos, listings, orders, payments } from "#server/db/schema.ts";
import { verifySeller } from "#server/features/admin/service.ts";
import { DEMO_ACCOUNTS } from "#server/features/auth/demo-accounts.ts";
import { createUser, findUserByEmail } from "#server/features/auth/service.ts";
import { catalogueEntry } from "#server/features/listings/catalogue.ts";
import { type ImageStore, saveImage } from "#server/images/store.ts";
import { avatarSvg, renderSvg } from "./art.ts";
import { bikeSvg } from "./bike-art.ts";
import { DEMO_BIKES, DEMO_BUYERS, DEMO_COLOURS, DEMO_SELLERS, MEETING_PLACES } from "./demo-catalogue.ts";

const SEEDED_KEY = "demo_seeded_at";
const DAY = 24 * 60 * 60 * 1000;
const avatarColours: Record<string, [string, string]> = {
  buyer: ["#0ea5e9", "#f8fafc"],
  seller: ["#f97316", "#fde68a"],
  admin: ["#8b5cf6", "#e2e8f0"],
};

/** Listing positions (in DEMO_BIKES) that are already sold, and every 7th is advertised. */
const SOLD = new Set([3, 11, 19, 33, 46, 58]);
const DEMO_DISTRICTS = [
  "dhaka",
  "chattogram",
  "gazipur",
  "narayanganj",
  "sylhet",
  "rajshahi",
  "khulna",
  "cumilla",
];

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
  for (const b of DEMO_BUYERS) ids[b.email] = await demoUser(db, store, { ...b, role: "buyer" });

  const sellerIds = [DEMO_ACCOUNTS[1]!.email, ...DEMO_SELLERS.map((s) => s.email)].map((e) => ids[e]!);
  const buyerIds = [DEMO_ACCOUNTS[0]!.email, ...DEMO_BUYERS.map((b) => b.email)].map((e) => ids[e]!);
  const photos = await inBatches(DEMO_BIKES, 4, async (bike, i) =>
    saveImage(db, store, await renderSvg(bikeSvg(bike.category, DEMO_COLOURS[i % DEMO_COLOURS.length]!, i))),
  );

  const now = Date.now();
  await db.transaction(async (tx) => {
    for (const [i, bike] of DEMO_BIKES.entries()) {
      const sold = SOLD.has(i);
      const createdAt = new Date(now - (DEMO_BIKES.length - i) * 1.3 * DAY - (i % 5) * 3_600_000);
      const [row] = await tx
        .insert(listings)
        .values({
          sellerId: sellerIds[i % sellerIds.length]!,
          categorySlug: bike.category,
          model: bike.model,
          brand: bike.brand,
          engineCc: bike.cc,
          brandNewPrice: bike.newPrice,
          askingPrice: bike.asking,
          totalUsed: bike.used,
          modelKey: await catalogueEntry(tx, bike.brand, bike.model),
          year: 2016 + (i % 9),
          kmRun: 3000 + ((i * 7919) % 60) * 1000,
          districtSlug: DEMO_DISTRICTS[i % DEMO_DISTRICTS.length]!,
          hasRegistration: i % 6 !== 5,
          nameTransfer: i % 3 !== 2,
          negotiable: i % 4 !== 3,
          photoKey: photos[i]!.key,
          advertised: i % 7 === 2,
          status: sold ? "sold" : "available",
          createdAt,
        })
        .returning({ id: listings.id });
      await tx.insert(listingPhotos).values({ listingId: row!.id, position: 0, imageKey: photos[i]!.key });
      if (!sold) continue;
      const bookedAt = new Date(createdAt.getTime() + 2 * DAY);
      const paid = i % 2 === 1;
      const [order] = await tx
        .insert(orders)
        .values({
          listingId: row!.id,
          buyerId: buyerIds[i % buyerIds.length]!,
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
