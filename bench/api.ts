import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import sharp from "sharp";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { type Database, type Db, openDatabase } from "#server/db/client.ts";
import * as schema from "#server/db/schema.ts";
import { createUser } from "#server/features/auth/service.ts";
import { createDiskFiles } from "#server/images/files.ts";
import { createImageStore, saveImage } from "#server/images/store.ts";
import { createScratchDatabase } from "#server/test/scratch-database.ts";
import type { ListingsSearchPage } from "#shared/schemas/listings.ts";
import { buildWeb } from "../scripts/demo-server.ts";
import { type Query, startBaseline } from "./baseline.ts";
import { grow, openMarket } from "./market.ts";
import { messaging } from "./messaging.ts";

const onPostgres = Boolean(process.env.BENCH_DATABASE_URL);
/** The market the read paths are measured on. */
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 20_000);
/**
 * The markets search is measured on, smallest first: the largest must serve at least FLAT × the
 * requests per second of the smallest. PGlite keeps the database in this process's memory, so its
 * default stops at 100,000.
 */
const SEARCH_SIZES = (process.env.BENCH_SEARCH_SIZES ?? (onPostgres ? "10000,1000000" : "10000,100000"))
  .split(",")
  .map(Number)
  .sort((a, b) => a - b);
/**
 * `reads` (the pages every visitor hits), `baseline` (the app against a hand-written server, and a
 * signed-in buyer against someone signed out), `search` (search and filters at each size).
 */
const PARTS = new Set((process.env.BENCH_PARTS ?? "reads,baseline,search,messaging").split(","));
/**
 * Which comparisons `baseline` runs: `baseline` (the app against the hand-written server),
 * `signed-in` (a buyer against a visitor), `html` (a page rendered on the server against its JSON).
 */
const VERSUS = new Set((process.env.BENCH_VERSUS ?? "baseline,signed-in,html").split(","));
/** A page rendered on the server must serve at least this share of its JSON route's requests per second (issue 22, item 7). */
const HTML_TARGET = 0.5;
/** The baseline names its statements on PostgreSQL too (each connection prepares them once). */
const BASELINE_PREPARED = process.env.BENCH_BASELINE_PREPARED === "true";
/** The app must serve at least this share of the baseline's requests per second (issue 12, item 7). */
const VERSUS_TARGET = { postgres: 1.0, pglite: 0.9 } as const;
/** A signed-in buyer's listing view must serve at least this share of a signed-out one's (item 8). */
const SIGNED_IN_TARGET = 0.85;
const SELLERS = Number(process.env.BENCH_SELLERS ?? 1000);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;
/** How many times each search is measured on each market, alternating their order, and for how long. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SEARCH_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 3);
const FLAT = 0.8;

type Target = { name: string; path: string; p99Ms: number };

/** What a buyer types and picks (bench/README.md). */
const SEARCHES: Target[] = [
  { name: 'search "pulser", newest', path: "/api/listings?q=pulser", p99Ms: 100 },
  { name: 'search "gixer", price ↓', path: "/api/listings?q=gixer&sort=price_desc", p99Ms: 100 },
  {
    name: "commuter ≤ ৳1.5 lakh, price ↑",
    path: "/api/listings?category=commuter&maxPrice=150000&sort=price_asc",
    p99Ms: 100,
  },
  {
    name: "Dhaka, 2019+, verified, newest",
    path: "/api/listings?district=dhaka&minYear=2019&verified=true",
    p99Ms: 100,
  },
  {
    name: "Yamaha ≤ 30,000 km, km ↑",
    path: "/api/listings?brand=Yamaha&maxKm=30000&sort=km_asc",
    p99Ms: 100,
  },
  {
    name: "150cc+, negotiable, year ↓",
    path: "/api/listings?minCc=150&negotiable=true&sort=year_desc",
    p99Ms: 100,
  },
];

type Measured = { rps: number; p50: number; p99: number; failed: number; rounds?: number[] };

async function measure(
  base: string,
  target: Target,
  seconds = DURATION_SECONDS,
  opts: { headers?: Record<string, string>; ownThread?: boolean } = {},
): Promise<Measured> {
  // Warm up first (JIT, plan and buffer caches): the first requests would be measuring the start.
  for (let i = 0; i < 20; i++) {
    await fetch(`${base}${target.path}`, { headers: opts.headers ?? {} }).then((r) => r.arrayBuffer());
  }
  const result = await autocannon({
    url: `${base}${target.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    ...(opts.headers ? { headers: opts.headers } : {}),
    // Comparisons send their load from a worker thread, off the event loop of the servers compared.
    ...(opts.ownThread ? { workers: 1 } : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

function line(name: string, m: Measured, limit: number, ok: boolean) {
  return [
    name.padEnd(32),
    `${m.rps} req/s`.padStart(12),
    `p50 ${m.p50} ms`.padStart(12),
    `p99 ${m.p99} ms`.padStart(12),
    `target p99 ≤ ${limit} ms`.padStart(20),
    m.failed ? `${m.failed} failed` : "",
    ok ? "ok" : "MISSED",
  ].join("  ");
}

/** The SQL the app sends while `capturing`, for EXPLAIN: the app runs on a Db that logs its queries. */
function loggingDb(database: Database) {
  const queries: { sql: string; params: unknown[] }[] = [];
  let capturing = false;
  const logger = {
    logQuery(query: string, params: unknown[]) {
      if (capturing) queries.push({ sql: query, params });
    },
  };
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  const db = (database.kind === "postgres"
    ? drizzlePg({ client: client as pg.Pool, schema, logger })
    : drizzlePglite({ client: client as PGlite, schema, logger })) as unknown as Db;
  return {
    db,
    /** The queries that read listings or the catalogue while `run` runs. */
    async capture(run: () => Promise<unknown>) {
      queries.length = 0;
      capturing = true;
      try {
        await run();
      } finally {
        capturing = false;
      }
      return queries.filter((q) => q.sql.includes('"listings"') || q.sql.includes('"bike_models"'));
    },
    async explain(query: { sql: string; params: unknown[] }): Promise<string[]> {
      const text = `explain (analyze, buffers, costs off) ${query.sql}`;
      const res = await (
        client as { query(t: string, p: unknown[]): Promise<{ rows: Record<string, string>[] }> }
      ).query(text, query.params);
      return res.rows.map((r) => Object.values(r)[0] ?? "");
    },
  };
}

type Running = {
  size: number;
  base: string;
  kind: Database["kind"];
  logged: ReturnType<typeof loggingDb>;
  database: Database;
  /** The hand-written server on the same database, started on first use. */
  baseline(): Promise<string>;
  close(): Promise<void>;
};

/** A fresh database (a scratch one on BENCH_DATABASE_URL's server, or PGlite in memory) holding a market of `size`, and the app on it. */
async function startMarket(size: number, webDist?: string): Promise<Running> {
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
    ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
  });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: fresh ? "" : "memory://" });
  const close = async () => {
    await database.close();
    if (fresh && process.env.BENCH_KEEP_DATABASE === "true") console.log(`kept the database: ${fresh.url}`);
    else await fresh?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    const began = Date.now();
    console.log(`seeding ${size.toLocaleString("en-US")} listings on ${database.kind}…`);
    const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#0ea5e9" } })
      .jpeg()
      .toBuffer();
    const { key } = await saveImage(database.db, createImageStore(createDiskFiles(config.imageDir)), photo);
    const market = await openMarket(database.db, key, SELLERS, size);
    await grow(database.db, market, 0, size, (n) => console.log(`  ${n.toLocaleString("en-US")}`));
    console.log(`  ${size.toLocaleString("en-US")} listings in ${Math.round((Date.now() - began) / 1000)} s`);
    const logged = loggingDb(database);
    const app = await buildApp({ config, database: { ...database, db: logged.db }, logger: false });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
    let pool: pg.Pool | undefined;
    return {
      size,
      base,
      kind: database.kind,
      logged,
      database,
      baseline: async () => {
        if (!baseline) {
          let query: Query;
          if (fresh) {
            // Its own pool, as large as the app's (src/server/db/client.ts).
            const p = new pg.Pool({ connectionString: fresh.url, max: 10 });
            pool = p;
            query = (name, text, values) =>
              BASELINE_PREPARED ? p.query({ name, text, values }) : p.query(text, values);
          } else {
            const client = (database.db as unknown as { $client: PGlite }).$client;
            query = (_name, text, values) =>
              client.query<Record<string, unknown>>(text, values).then((r) => ({ rows: r.rows }));
          }
          baseline = await startBaseline(query);
        }
        return baseline.base;
      },
      close: async () => {
        await app.close();
        await baseline?.close();
        await pool?.end();
        await close();
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}

async function main() {
  const sizes = [
    ...new Set([
      ...(PARTS.has("reads") || PARTS.has("baseline") ? [LISTINGS] : []),
      ...(PARTS.has("search") ? SEARCH_SIZES : []),
    ]),
  ].sort((a, b) => a - b);
  // One market per size, all up at once: each search is measured on each market in turn, so a
  // change in the machine's load lands on both sides of a comparison rather than on one.
  const markets: Running[] = [];
  // The production web build, with its server renderer, for the pages measured as HTML.
  const webDist = PARTS.has("baseline") && VERSUS.has("html") ? buildWeb("motohaat-bench-web-") : undefined;
  try {
    for (const size of sizes) markets.push(await startMarket(size, size === LISTINGS ? webDist : undefined));
    const at = (size: number) => markets.find((m) => m.size === size)!;
    const slack = markets[0]?.kind === "pglite" ? 3 : 1;
    let missed = 0;
    if (PARTS.has("reads")) missed += await readPaths(at(LISTINGS).base, LISTINGS, slack);
    if (PARTS.has("baseline")) missed += await versus(at(LISTINGS));

    if (PARTS.has("search")) {
      const results = new Map<number, Measured[]>(SEARCH_SIZES.map((size) => [size, []]));
      for (const target of SEARCHES) {
        // Small, large, then large, small (ROUNDS times in all): a steady drift in the machine's load
        // weighs on both sides alike. Requests per second are averaged, the worst p99 kept.
        const runs = new Map<number, Measured[]>(SEARCH_SIZES.map((size) => [size, []]));
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? SEARCH_SIZES : [...SEARCH_SIZES].reverse();
          for (const size of order)
            runs.get(size)!.push(await measure(at(size).base, target, SEARCH_SECONDS));
        }
        for (const [size, ms] of runs) {
          results.get(size)!.push({
            rps: Math.round(ms.reduce((sum, m) => sum + m.rps, 0) / ms.length),
            p50: Math.max(...ms.map((m) => m.p50)),
            p99: Math.max(...ms.map((m) => m.p99)),
            failed: ms.reduce((sum, m) => sum + m.failed, 0),
          });
        }
      }
      for (const size of SEARCH_SIZES) {
        console.log(
          `\nsearch, ${at(size).kind}, ${size} listings, ${CONNECTIONS} connections, ${ROUNDS} × ${SEARCH_SECONDS} s each (mean req/s, worst p50 and p99)`,
        );
        for (const [i, target] of SEARCHES.entries()) {
          const m = results.get(size)![i]!;
          const limit = target.p99Ms * slack;
          const ok = m.failed === 0 && m.p99 <= limit;
          if (!ok) missed++;
          console.log(line(target.name, m, limit, ok));
        }
      }

      const small = SEARCH_SIZES[0]!;
      const large = SEARCH_SIZES[SEARCH_SIZES.length - 1]!;
      if (large > small) {
        console.log(`\nflat? requests per second at ${large} listings ÷ at ${small} (at least ${FLAT})`);
        for (const [i, target] of SEARCHES.entries()) {
          const a = results.get(small)![i]!;
          const b = results.get(large)![i]!;
          const ratio = b.rps / a.rps;
          const count = async (size: number) => {
            const page = (await fetch(`${at(size).base}${target.path}`).then((r) =>
              r.json(),
            )) as ListingsSearchPage;
            return `${page.total}${page.totalIsCapped ? "+" : ""}`;
          };
          if (ratio < FLAT) missed++;
          console.log(
            [
              target.name.padEnd(32),
              `${a.rps} → ${b.rps} req/s`.padStart(20),
              `p99 ${a.p99} → ${b.p99} ms`.padStart(20),
              `× ${ratio.toFixed(2)}`.padStart(8),
              `${await count(small)} → ${await count(large)} match`.padStart(20),
              ratio >= FLAT ? "flat" : "NOT FLAT",
            ].join("  "),
          );
        }
      }

      const largest = at(large);
      console.log(`\nEXPLAIN ANALYZE at ${large} listings: every query of one request`);
      // Let the last measurement's requests drain, so only the request below is captured.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      for (const target of SEARCHES) {
        const queries = await largest.logged.capture(() =>
          fetch(`${largest.base}${target.path}`).then((r) => r.text()),
        );
        console.log(`\n== ${target.name}: ${target.path}`);
        for (const q of queries) {
          const plan = await largest.logged.explain(q);
          const indexes = [
            ...new Set(plan.flatMap((l) => /(?:using|Bitmap Index Scan on) (\w+)/.exec(l)?.[1] ?? [])),
          ];
          const scans = [...new Set(plan.flatMap((l) => /Seq Scan on (\w+)/.exec(l)?.[1] ?? []))];
          const time = plan.find((l) => l.trim().startsWith("Execution Time"))?.trim();
          console.log(
            `-- ${time}; indexes: ${indexes.join(", ") || "none"}; sequential scans: ${scans.join(", ") || "none"}`,
          );
          console.log(plan.map((l) => `   ${l}`).join("\n"));
        }
      }
    }
    if (PARTS.has("messaging")) missed += (await messaging()).missed;
    if (missed > 0) process.exitCode = 1;
  } finally {
    for (const m of markets) await m.close();
    if (webDist) await fs.rm(webDist, { recursive: true, force: true });
  }
}

/** The pages every visitor hits, on a market of `size` listings. Returns how many missed their target. */
async function readPaths(base: string, size: number, slack: number): Promise<number> {
  // A cursor halfway into the catalogue: keyset paging must cost the same there as on page 1.
  const available = (await fetch(`${base}/api/listings?limit=1`).then((r) => r.json())) as ListingsSearchPage;
  const halfway = Math.floor(Math.min(size, available.totalIsCapped ? size : available.total) / 2);
  let cursor: string | null = null;
  let oneId = available.items[0]?.id ?? "";
  for (let page = 0; page < halfway / 100; page++) {
    const res: Response = await fetch(`${base}/api/listings?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
    const body = (await res.json()) as ListingsSearchPage;
    cursor = body.nextCursor;
    oneId = body.items[0]?.id ?? oneId;
  }

  const targets: Target[] = [
    { name: "health", path: "/api/health", p99Ms: 50 },
    { name: "first page, all", path: "/api/listings", p99Ms: 100 },
    { name: "first page, one category", path: "/api/listings?category=sports", p99Ms: 100 },
    { name: `${halfway} bikes deep`, path: `/api/listings?cursor=${cursor}`, p99Ms: 100 },
    { name: "advertised", path: "/api/listings/advertised", p99Ms: 100 },
    { name: "one listing", path: `/api/listings/${oneId}`, p99Ms: 50 },
    { name: "categories", path: "/api/categories", p99Ms: 50 },
    { name: "brands", path: "/api/listings/brands", p99Ms: 50 },
  ];

  // PGlite runs one query at a time inside this process, so 16 connections queue behind each other:
  // its latency is mostly waiting. It gets three times the time; a real server must meet the targets.
  const out: string[] = [];
  let missed = 0;
  for (const target of targets) {
    const m = await measure(base, target);
    const limit = target.p99Ms * slack;
    const ok = m.failed === 0 && m.p99 <= limit;
    if (!ok) missed++;
    out.push(line(target.name, m, limit, ok));
  }
  console.log(`\nread paths, ${size} listings, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`);
  console.log(out.join("\n"));
  return missed;
}

/** `a` then `b`, then `b` then `a` (ROUNDS times in all); mean requests per second, worst p99 of each. */
async function alternate(
  a: () => Promise<Measured>,
  b: () => Promise<Measured>,
): Promise<[Measured, Measured]> {
  const runs: [Measured[], Measured[]] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      runs[0].push(await a());
      runs[1].push(await b());
    } else {
      runs[1].push(await b());
      runs[0].push(await a());
    }
  }
  const summary = (ms: Measured[]): Measured => ({
    rps: Math.round(ms.reduce((sum, m) => sum + m.rps, 0) / ms.length),
    p50: Math.max(...ms.map((m) => m.p50)),
    p99: Math.max(...ms.map((m) => m.p99)),
    failed: ms.reduce((sum, m) => sum + m.failed, 0),
    rounds: ms.map((m) => m.rps),
  });
  return [summary(runs[0]), summary(runs[1])];
}

function ratioLine(name: string, a: Measured, b: Measured, labels: [string, string], target: number) {
  const ratio = a.rps / b.rps;
  const ok = a.failed === 0 && b.failed === 0 && ratio >= target;
  return {
    ok,
    text: [
      name.padEnd(28),
      `${labels[0]} ${a.rps} req/s (p99 ${a.p99} ms)`.padStart(32),
      `${labels[1]} ${b.rps} req/s (p99 ${b.p99} ms)`.padStart(38),
      `× ${ratio.toFixed(2)}`.padStart(7),
      `target ≥ ${target.toFixed(2)}`.padStart(14),
      a.failed + b.failed ? `${a.failed + b.failed} failed` : "",
      ok ? "ok" : "MISSED",
      // Each round's pair: how far the machine's load moved the figures.
      `(rounds ${a.rounds?.map((r, i) => `${r}/${b.rounds?.[i]}`).join(" ")})`,
    ].join("  "),
  };
}

/** A buyer account signed in through the API: the session cookie a browser would send. */
async function signedInBuyer(market: Running): Promise<string> {
  const email = "bench-buyer@motohaat.test";
  const password = "bench buyer password 1";
  await createUser(market.database.db, { name: "Bench Buyer", email, role: "buyer", password });
  const res = await fetch(`${market.base}/api/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: market.base },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("mh_session="));
  if (res.status !== 200 || !cookie) throw new Error(`bench buyer could not sign in: ${res.status}`);
  return cookie.split(";")[0]!;
}

/**
 * Items 7 and 8 of issue 12: the app against the hand-written baseline on the two reads every visitor
 * makes, and a signed-in buyer's listing view against a signed-out one, each pair measured in
 * alternation (app, baseline, baseline, app…) so that a change in the machine's load weighs on both.
 * Returns how many missed their target.
 */
async function versus(market: Running): Promise<number> {
  const first = (await fetch(`${market.base}/api/listings`).then((r) => r.json())) as ListingsSearchPage;
  const one = `/api/listings/${first.items[0]?.id}`;
  const targets: Target[] = [
    { name: "first page, all", path: "/api/listings", p99Ms: 0 },
    { name: "one listing", path: one, p99Ms: 0 },
  ];
  const baseline = VERSUS.has("baseline") ? await market.baseline() : "";
  // The same bytes, or the comparison means nothing.
  for (const target of VERSUS.has("baseline") ? targets : []) {
    const [app, hand] = await Promise.all(
      [market.base, baseline].map((base) => fetch(`${base}${target.path}`).then((r) => r.text())),
    );
    if (app !== hand) {
      throw new Error(
        `the baseline answers ${target.path} differently:\napp:      ${app}\nbaseline: ${hand}`,
      );
    }
  }
  const cookie = await signedInBuyer(market);
  const seen = await fetch(`${market.base}/api/auth/me`, { headers: { cookie } });
  if (seen.status !== 200) throw new Error(`the bench buyer's session does not work: ${seen.status}`);

  const target = VERSUS_TARGET[market.kind];
  const lines: string[] = [];
  let missed = 0;
  for (const t of VERSUS.has("baseline") ? targets : []) {
    const [app, hand] = await alternate(
      () => measure(market.base, t, DURATION_SECONDS, { ownThread: true }),
      () => measure(baseline, t, DURATION_SECONDS, { ownThread: true }),
    );
    const line = ratioLine(t.name, app, hand, ["app", "baseline"], target);
    if (!line.ok) missed++;
    lines.push(line.text);
  }
  if (VERSUS.has("html")) {
    const pages: [Target, Target][] = [
      [
        { name: "one listing, HTML", path: `/products/productdetails/${first.items[0]?.id}`, p99Ms: 0 },
        targets[1]!,
      ],
      [{ name: "first page, all, HTML", path: "/products/all", p99Ms: 0 }, targets[0]!],
    ];
    for (const [html, json] of pages) {
      const res = await fetch(`${market.base}${html.path}`);
      const body = await res.text();
      if (res.status !== 200 || !body.includes('id="ssr-state"')) {
        throw new Error(`${html.path} is not a page rendered on the server: ${res.status}`);
      }
      const [page, api] = await alternate(
        () => measure(market.base, html, DURATION_SECONDS, { ownThread: true }),
        () => measure(market.base, json, DURATION_SECONDS, { ownThread: true }),
      );
      const line = ratioLine(html.name, page, api, ["HTML", "JSON"], HTML_TARGET);
      if (!line.ok) missed++;
      lines.push(line.text);
    }
  }
  if (VERSUS.has("signed-in")) {
    const oneListing = targets[1]!;
    const [signedIn, signedOut] = await alternate(
      () => measure(market.base, oneListing, DURATION_SECONDS, { ownThread: true, headers: { cookie } }),
      () => measure(market.base, oneListing, DURATION_SECONDS, { ownThread: true }),
    );
    const line = ratioLine(
      "one listing, signed in",
      signedIn,
      signedOut,
      ["buyer", "signed out"],
      SIGNED_IN_TARGET,
    );
    if (!line.ok) missed++;
    lines.push(line.text);
  }

  console.log(
    `\napp vs hand-written baseline (bench/baseline.ts${BASELINE_PREPARED ? ", named statements" : ""}), ${market.kind}, ${market.size} listings, ${CONNECTIONS} connections from a worker thread, ${ROUNDS} × ${DURATION_SECONDS} s each, alternating (mean req/s, worst p99); load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(lines.join("\n"));
  return missed;
}

await main();
