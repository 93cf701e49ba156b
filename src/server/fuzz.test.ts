import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse, onResponseHookHandler, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProblemSchema } from "#shared/schemas/problem.ts";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createStripeProvider } from "./payments/stripe-provider.ts";
import { createTestProvider } from "./payments/test-provider.ts";
import { openTestDatabase } from "./test/app.ts";
import { buildListing, jpeg, STRONG_PASSWORD, signedInUser, type TestUser } from "./test/factories.ts";

/**
 * Random bodies, params and queries to every route, as every kind of caller: never a 5xx, every 4xx
 * is problem+json, and a refused request changes no row. Bounded (RUNS per route) and seeded: a
 * failure prints the seed; FUZZ_SEED=<seed> replays the same inputs (FUZZ_RUNS sends more of them).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 92025);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

/** Columns any request may touch without changing anything a person owns (the session's sliding expiry). */
const VOLATILE_COLUMNS: Record<string, string[]> = { sessions: ["last_seen_at", "expires_at"] };

const ACTORS = ["anonymous", "buyer", "seller", "admin"] as const;
type Actor = (typeof ACTORS)[number];

type Fuzzed = {
  actor: Actor;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** What the requests point at: real ids some of the time, so they get past "not found". */
type Known = { ids: string[]; photo: Buffer; origin: string };

const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));

/** Strings that have broken servers before, and values that pass validation so requests get deeper. */
const tricky = (known: Known) =>
  fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "0",
      "-1",
      "1e309",
      "NaN",
      "null",
      "true",
      "[]",
      "{}",
      "🏍️ বাইক",
      "\u0000",
      "a\u0000b",
      "' or 1=1 --",
      "<script>alert(1)</script>",
      "../../etc/passwd",
      "x".repeat(5000),
      "buyer",
      "seller",
      "admin",
      "sports",
      "commuter",
      "Yamaha R15",
      "150000",
      "99999999999999999999",
      "2 years",
      "01711-000000",
      "Gulshan 1",
      "person@example.test",
      STRONG_PASSWORD,
      "4242 4242 4242 4242",
      "123456",
    ),
    fc.constantFrom(...known.ids),
    fc.uuid(),
    fc.string(),
    fc.integer().map(String),
  );

const jsonLeaf = (known: Known) =>
  fc.oneof(tricky(known), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue());

/** The keys of a zod object schema (a route's body or querystring), so fuzzed fields have real names. */
function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

const fieldNames = (route: RouteOptions, part: "body" | "querystring") =>
  fc.constantFrom(...schemaKeys(route.schema?.[part]), "extra", "__proto__", "constructor", "photo", "id");

type FormPart = { name: string; value: string | Buffer; file: boolean };

function multipartBody(parts: FormPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.file ? '; filename="photo.jpg"' : ""}`;
    const type = part.file ? "Content-Type: image/jpeg\r\n" : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
  "application/xml",
  "application/problem+json",
  "image/jpeg",
  "*/*",
];

/** A body and its content type: none, JSON (shaped like the route's or any), multipart (whole or broken), junk. */
function body(route: RouteOptions, known: Known): fc.Arbitrary<{ type?: string; payload?: string | Buffer }> {
  const fields = fc.dictionary(fieldNames(route, "body"), jsonLeaf(known), { maxKeys: 8 });
  const formParts = fc.array(
    fc.oneof(
      fc.record({ name: fieldNames(route, "body"), value: tricky(known), file: fc.constant(false) }),
      fc.record({
        name: fc.constantFrom("photo", ...schemaKeys(route.schema?.body)),
        value: fc.oneof(
          fc.constant(known.photo),
          fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b)),
        ),
        file: fc.constant(true),
      }),
    ),
    { maxLength: 10 },
  );
  const boundary = fc.oneof(
    fc.constant("fuzzB0undary"),
    fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,300}$/),
  );
  const multipart = fc
    .record({ parts: formParts, boundary, cut: fc.option(fc.nat(), { nil: undefined }), declare: fc.nat(3) })
    .map(({ parts, boundary, cut, declare }) => {
      const whole = multipartBody(parts, boundary);
      // Mostly the boundary it uses; sometimes none, or one the body does not use.
      const type =
        ["multipart/form-data", `multipart/form-data; boundary=other`][declare] ??
        `multipart/form-data; boundary=${boundary}`;
      return { type, payload: cut === undefined ? whole : whole.subarray(0, cut % (whole.length + 1)) };
    });
  return fc.oneof(
    fc.constant({}),
    fields.map((f) => ({ type: "application/json", payload: JSON.stringify(f) })),
    fc.jsonValue().map((v) => ({ type: "application/json", payload: JSON.stringify(v) ?? "" })),
    multipart,
    fc.record({
      type: fc.oneof(fc.constantFrom(...CONTENT_TYPES), printable(40)),
      payload: fc.oneof(
        fc.string({ maxLength: 300 }),
        fields.map((f) =>
          new URLSearchParams(Object.entries(f).map(([k, v]): [string, string] => [k, String(v)])).toString(),
        ),
      ),
    }),
  );
}

/** A path segment: a real id, a uuid, junk (percent-encoded), or raw bytes a router must refuse. */
const segment = (known: Known) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known.ids) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: tricky(known).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constantFrom("%zz", "%", "%00", "%E0%A4%A", "a".repeat(300), "..", "%2e%2e") },
  );

function pathFor(route: RouteOptions, known: Known): fc.Arbitrary<string> {
  const pieces = route.url.split(/(:\w+|\*)/);
  return fc
    .tuple(...pieces.map((p) => (p.startsWith(":") || p === "*" ? segment(known) : fc.constant(p))))
    .map((parts) => parts.join(""));
}

const query = (route: RouteOptions, known: Known) =>
  fc.oneof(
    fc.constant(""),
    fc
      .array(fc.tuple(fieldNames(route, "querystring"), tricky(known)), { maxLength: 5 })
      .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
    fc.constantFrom("?page=%zz", "?&&=&", "?page=1&page=2", "?limit=-1", "?cursor=%00", "?=x"),
  );

function request(route: RouteOptions, method: string, known: Known): fc.Arbitrary<Fuzzed> {
  return fc
    .record({
      actor: fc.constantFrom(...ACTORS),
      path: pathFor(route, known),
      query: query(route, known),
      body: body(route, known),
      origin: fc.oneof(
        { weight: 9, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
    })
    .map(({ actor, path, query, body, origin }) => ({
      actor,
      method,
      url: path + query,
      headers: {
        ...(origin ? { origin: known.origin } : {}),
        ...(body.type ? { "content-type": body.type } : {}),
      },
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    }));
}

/** Row count and a hash of every table's rows (volatile columns left out): equal means no row changed. */
async function fingerprint(app: FastifyInstance): Promise<string> {
  const columns = (await app.db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  )) as unknown as { rows: Array<{ table_name: string; column_name: string }> };
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns.rows) {
    if (VOLATILE_COLUMNS[table]?.includes(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), `"${column}"`]);
  }
  const parts = [...byTable].map(
    ([table, cols]) =>
      `select '${table}' as t, count(*) as n, md5(coalesce(string_agg(r, ',' order by r), '')) as h
       from (select row(${cols.join(", ")})::text as r from "${table}") x`,
  );
  const result = (await app.db.execute(sql.raw(parts.join(" union all ")))) as unknown as { rows: unknown[] };
  return JSON.stringify(result.rows);
}

/** "METHOD /url" of every route (HEAD twins of GETs folded in: Fastify makes them, they answer alike). */
function routeKeys(routes: RouteOptions[]): Array<{ key: string; route: RouteOptions; method: string }> {
  const all = routes.flatMap((route) =>
    [route.method].flat().map((method) => ({ key: `${method} ${route.url}`, route, method })),
  );
  const keys = new Set(all.map((r) => r.key));
  return all.filter((r) => !(r.method === "HEAD" && keys.has(`GET ${r.route.url}`)));
}

describe("fuzz: random requests to every route", () => {
  const registered: RouteOptions[] = [];
  /** The routes a fuzzed request actually reached (matched, whatever it answered). */
  const reached = new Set<string>();
  const errorLogs: string[] = [];
  /** How many answers had each status: printed, to see what the fuzz reached. */
  const statuses: Record<number, number> = {};
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  const users = {} as Record<Exclude<Actor, "anonymous">, TestUser>;
  const cookies: Record<Actor, string | undefined> = {
    anonymous: undefined,
    buyer: "",
    seller: "",
    admin: "",
  };
  let known: Known;

  /** Marks the route as reached (a "/prefix/" twin counts for its "/prefix"). */
  const markReached =
    (url: string): onResponseHookHandler =>
    async (request) => {
      reached.add(`${request.method} ${url}`);
    };

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-fuzz-"));
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      RATE_LIMIT_AUTH_MAX: "100000",
      RATE_LIMIT_UPLOAD_MAX: "100000",
      LOG_LEVEL: "error",
      // Google set up, so its routes are live; nothing listens on port 9, so nothing leaves the machine.
      OIDC_ISSUER: "http://127.0.0.1:9",
      OIDC_CLIENT_ID: "motohaat",
      OIDC_CLIENT_SECRET: "secret",
    });
    database = await openTestDatabase();
    // The test provider, plus Stripe's webhook check so the webhook route exists too (no network).
    const stripe = createStripeProvider({
      secretKey: "sk_test_fuzz",
      publishableKey: "pk_test_fuzz",
      webhookSecret: "whsec_fuzz",
    });
    app = await buildApp({
      config,
      database,
      logger: { level: "error", stream: { write: (line: string) => errorLogs.push(line) } },
      paymentProvider: {
        ...createTestProvider(database.db),
        verifyWebhook: stripe.verifyWebhook!.bind(stripe),
      },
      onRoute: (route) => {
        // A copy: Fastify reuses the options of "/prefix" for its "/prefix/" twin, changing their url.
        registered.push({ ...route });
        route.onResponse = [route.onResponse ?? []].flat().concat(markReached(route.url));
      },
    });
    await app.ready();

    for (const role of ["buyer", "seller", "admin"] as const) {
      const made = await signedInUser(app, { role, name: role });
      users[role] = made.user;
      cookies[role] = made.cookie;
    }
    const listing = await buildListing(app, { sellerId: users.seller.id });
    const order = await app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { origin: app.config.publicUrl.origin, cookie: cookies.buyer! },
      payload: {
        listingId: (await buildListing(app, { sellerId: users.seller.id })).id,
        phone: "01711-000000",
        meetingLocation: "Gulshan 1",
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    known = {
      ids: [listing.id, order.json().order.id, users.buyer.id, users.seller.id, users.admin.id],
      photo: await jpeg(),
      origin: app.config.publicUrl.origin,
    };
    console.info(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (set them to replay or to send more)`);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** A request that succeeded may have ended the caller's session (sign-out, a password change): sign in again. */
  async function keepSignedIn(actor: Actor) {
    if (actor === "anonymous") return;
    const me = await app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: cookies[actor]! } });
    if (me.json().user) return;
    const made = await signedInUser(app, { role: actor, name: actor });
    users[actor] = made.user;
    cookies[actor] = made.cookie;
  }

  function describeRequest(req: Fuzzed, res: LightMyRequestResponse): string {
    const payload = req.payload === undefined ? "" : String(req.payload).slice(0, 500);
    return [
      `${req.actor}: ${req.method} ${req.url}`,
      `headers: ${JSON.stringify(req.headers)}`,
      `payload: ${JSON.stringify(payload)}`,
      `answer: ${res.statusCode} ${res.headers["content-type"]} ${res.body.slice(0, 500)}`,
      `FUZZ_SEED=${SEED}`,
    ].join("\n");
  }

  async function check(req: Fuzzed) {
    const before = await fingerprint(app);
    errorLogs.length = 0;
    const cookie = cookies[req.actor];
    const res = await app.inject({
      method: req.method as "GET",
      url: req.url,
      headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    });
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    const what = describeRequest(req, res);
    if (res.statusCode >= 500) throw new Error(`a ${res.statusCode}:\n${what}\nlog: ${errorLogs.join("\n")}`);
    if (res.statusCode >= 400) {
      expect(res.headers["content-type"], what).toMatch(/^application\/problem\+json/);
      // A HEAD answer has the GET's headers and no body.
      if (req.method !== "HEAD") {
        const problem = ProblemSchema.safeParse(res.json());
        expect(problem.success, what).toBe(true);
        expect(problem.data?.status, what).toBe(res.statusCode);
      }
      expect(await fingerprint(app), `a refused request changed rows:\n${what}`).toBe(before);
    } else if (res.statusCode < 300) {
      await keepSignedIn(req.actor);
    }
  }

  it("the fingerprint sees a changed row, and not a session's sliding expiry", async () => {
    const before = await fingerprint(app);
    await app.db.execute(
      sql`update sessions set last_seen_at = now() + interval '1 minute', expires_at = expires_at + interval '1 minute'`,
    );
    expect(await fingerprint(app)).toBe(before);
    await app.db.execute(sql`update listings set model = model || '!' where id = ${known.ids[0]}`);
    expect(await fingerprint(app)).not.toBe(before);
  });

  it("sends random requests to every route: no 5xx, problem+json for every 4xx, no row changed by a refusal", {
    timeout: 180_000,
  }, async () => {
    const targets = routeKeys(registered);
    expect(targets.length).toBeGreaterThan(20);
    for (const { route, method } of targets) {
      await fc.assert(fc.asyncProperty(request(route, method, known), check), {
        seed: SEED,
        numRuns: RUNS,
        endOnFailure: true,
      });
    }
    console.info(`fuzz: ${targets.length} routes, answers by status: ${JSON.stringify(statuses)}`);
    expect(
      targets.map((t) => t.key).filter((key) => !reached.has(key)),
      "routes no fuzzed request reached",
    ).toEqual([]);
  });
});
