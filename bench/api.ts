import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { listings, users } from "#server/db/schema.ts";
import { catalogueEntry } from "#server/features/listings/catalogue.ts";
import { createImageStore, saveImage } from "#server/images/store.ts";
import { createScratchDatabase } from "#server/test/scratch-database.ts";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import { DISTRICT_SLUGS } from "#shared/districts.ts";
import type { ListingsPage } from "#shared/schemas/listings.ts";

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 20_000);
const SELLERS = 200;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;

type Target = { name: string; path: string; p99Ms: number };

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-bench-"));
  const fresh = process.env.BENCH_DATABASE_URL
    ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, "motohaat_bench")
    : undefined;
  const config = loadConfig({
    // Development mode needs no mail server; nothing on these read paths differs from production.
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
  });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: fresh ? "" : "memory://" });
  try {
    console.log(`seeding ${LISTINGS} listings on ${database.kind}…`);
    const ids = await seed(database.db, config.imageDir);
    // What autovacuum does soon after a bulk load on a real server: give the planner statistics.
    await database.db.execute(sql`analyze`);
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    // A cursor halfway into the catalogue: keyset paging must cost the same there as on page 1.
    const halfway = Math.floor(LISTINGS / 2);
    let cursor: string | null = null;
    for (let page = 0; page < halfway / 100; page++) {
      const res: Response = await fetch(`${base}/api/listings?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
      cursor = ((await res.json()) as ListingsPage).nextCursor;
    }

    const targets: Target[] = [
      { name: "health", path: "/api/health", p99Ms: 50 },
      { name: "first page, all", path: "/api/listings", p99Ms: 100 },
      { name: "first page, one category", path: "/api/listings?category=sports", p99Ms: 100 },
      { name: `${halfway} bikes deep`, path: `/api/listings?cursor=${cursor}`, p99Ms: 100 },
      { name: "advertised", path: "/api/listings/advertised", p99Ms: 100 },
      { name: "one listing", path: `/api/listings/${ids[Math.floor(ids.length / 2)]}`, p99Ms: 50 },
      { name: "categories", path: "/api/categories", p99Ms: 50 },
    ];

    // PGlite runs one query at a time inside this process, so 16 connections queue behind each other:
    // its latency is mostly waiting. It gets three times the time; a real server must meet the targets.
    const slack = database.kind === "pglite" ? 3 : 1;
    const rows: string[] = [];
    let missed = 0;
    for (const target of targets) {
      const result = await autocannon({
        url: `${base}${target.path}`,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
      });
      const failed = result.non2xx + result.errors + result.timeouts;
      const limit = target.p99Ms * slack;
      const ok = failed === 0 && result.latency.p99 <= limit;
      if (!ok) missed++;
      rows.push(
        [
          target.name.padEnd(26),
          `${Math.round(result.requests.average)} req/s`.padStart(12),
          `p50 ${result.latency.p50} ms`.padStart(12),
          `p99 ${result.latency.p99} ms`.padStart(12),
          `target p99 ≤ ${limit} ms`.padStart(20),
          failed ? `${failed} failed` : "",
          ok ? "ok" : "MISSED",
        ].join("  "),
      );
    }
    console.log(
      `\n${database.kind}, ${LISTINGS} listings, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`,
    );
    console.log(rows.join("\n"));
    await app.close();
    if (missed > 0) process.exitCode = 1;
  } finally {
    await database.close();
    await fresh?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Sellers and listings written in batches straight to the database; one real processed photo for all. */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>["db"], imageDir: string): Promise<string[]> {
  const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#0ea5e9" } })
    .jpeg()
    .toBuffer();
  const { key } = await saveImage(db, createImageStore(imageDir), photo);
  const sellers = await db
    .insert(users)
    .values(
      Array.from({ length: SELLERS }, (_, i) => ({
        name: `Bench Seller ${i}`,
        email: `bench-seller-${i}@motohaat.test`,
        role: "seller" as const,
        verified: i % 3 === 0,
      })),
    )
    .returning({ id: users.id });
  const ids: string[] = [];
  const brands = ["Yamaha", "Honda", "Suzuki", "Bajaj", "TVS"];
  const modelKeys = await Promise.all(brands.map((b) => catalogueEntry(db, b, "Bench Bike")));
  const start = Date.now() - LISTINGS * 60_000;
  for (let offset = 0; offset < LISTINGS; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, LISTINGS - offset) }, (_, j) => {
      const i = offset + j;
      return {
        sellerId: sellers[i % SELLERS]!.id,
        categorySlug: CATEGORY_SLUGS[i % CATEGORY_SLUGS.length]!,
        model: "Bench Bike",
        brand: ["Yamaha", "Honda", "Suzuki", "Bajaj", "TVS"][i % 5]!,
        engineCc: 100 + (i % 30) * 10,
        brandNewPrice: 200_000 + (i % 50) * 10_000,
        askingPrice: 150_000 + (i % 50) * 8_000,
        totalUsed: `${1 + (i % 6)} years`,
        modelKey: modelKeys[i % 5]!,
        year: 2012 + (i % 14),
        kmRun: (i * 7919) % 90_000,
        districtSlug: DISTRICT_SLUGS[i % DISTRICT_SLUGS.length]!,
        hasRegistration: i % 5 !== 0,
        photoKey: key,
        advertised: i % 97 === 0,
        status: i % 11 === 0 ? ("sold" as const) : ("available" as const),
        createdAt: new Date(start + i * 60_000),
      };
    });
    ids.push(...(await db.insert(listings).values(batch).returning({ id: listings.id })).map((r) => r.id));
  }
  return ids;
}

await main();
