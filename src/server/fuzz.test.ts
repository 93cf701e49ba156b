import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse, onResponseHookHandler } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProvider } from "#server/features/payments/provider/stripe-provider.ts";
import { createTestProvider } from "#server/features/payments/provider/test-provider.ts";
import { createTestApp, GOOGLE_OFFLINE, openTestDatabase, type TestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, jpeg, signedInUser, type TestUser } from "#server/test/factories.ts";
import { fingerprint } from "#server/test/fingerprint.ts";
import { captureLogs } from "#server/test/logs.ts";
import { recordRoutes } from "#server/test/routes.ts";
import { createWebDist } from "#server/test/web-dist.ts";
import { ProblemSchema } from "#shared/schemas/problem.ts";
import { type Actor, type Fuzzed, type Known, request } from "./fuzz.arbitraries.ts";

/**
 * Random bodies, params and queries to every route, as every kind of caller: never a 5xx, every 4xx
 * is problem+json, and a refused request changes no row. Bounded (RUNS per route) and seeded: a
 * failure prints the seed; FUZZ_SEED=<seed> replays the same inputs (FUZZ_RUNS sends more of them).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 92025);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

describe("fuzz: random requests to every route", () => {
  const routes = recordRoutes();
  /** The routes a fuzzed request actually reached (matched, whatever it answered). */
  const reached = new Set<string>();
  const errorLogs = captureLogs();
  /** How many answers had each status: printed, to see what the fuzz reached. */
  const statuses: Record<number, number> = {};
  let t: TestApp;
  let webDist: Awaited<ReturnType<typeof createWebDist>>;
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
    const database = await openTestDatabase();
    // A web build too, so the SPA's static route is fuzzed whether or not this machine built one.
    webDist = await createWebDist("<!doctype html><title>MotoHaat</title>");
    // The test provider, plus Stripe's webhook check so the webhook route exists too (no network).
    const stripe = createStripeProvider({
      secretKey: "sk_test_fuzz",
      publishableKey: "pk_test_fuzz",
      webhookSecret: "whsec_fuzz",
    });
    t = await createTestApp(
      {
        RATE_LIMIT_AUTH_MAX: "100000",
        RATE_LIMIT_UPLOAD_MAX: "100000",
        LOG_LEVEL: "error",
        ...GOOGLE_OFFLINE,
      },
      { webDist: webDist.dir },
      async () => database,
      {
        logger: { level: "error", stream: errorLogs.stream },
        paymentProvider: {
          ...createTestProvider(database.db),
          verifyWebhook: stripe.verifyWebhook!.bind(stripe),
        },
        onRoute: (route) => {
          routes.onRoute(route);
          route.onResponse = [route.onResponse ?? []].flat().concat(markReached(route.url));
        },
      },
    );

    for (const role of ["buyer", "seller", "admin"] as const) {
      const made = await signedInUser(t.app, { role, name: role });
      users[role] = made.user;
      cookies[role] = made.cookie;
    }
    const listing = await buildListing(t.app, { sellerId: users.seller.id });
    const order = await bookOrder(
      t.app,
      cookies.buyer!,
      (await buildListing(t.app, { sellerId: users.seller.id })).id,
    );
    known = {
      ids: [listing.id, order.id, users.buyer.id, users.seller.id, users.admin.id],
      photo: await jpeg(),
      origin: t.app.config.publicUrl.origin,
    };
    console.info(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (set them to replay or to send more)`);
  });

  afterAll(async () => {
    await t?.close();
    await webDist?.remove();
  });

  /** A request that succeeded may have ended the caller's session (sign-out, a password change): sign in again. */
  async function keepSignedIn(actor: Actor) {
    if (actor === "anonymous") return;
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { cookie: cookies[actor]! },
    });
    if (me.json().user) return;
    const made = await signedInUser(t.app, { role: actor, name: actor });
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
    const before = await fingerprint(t.app);
    errorLogs.lines.length = 0;
    const cookie = cookies[req.actor];
    const res = await t.app.inject({
      method: req.method as "GET",
      url: req.url,
      headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    });
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    const what = describeRequest(req, res);
    if (res.statusCode >= 500)
      throw new Error(
        `a ${res.statusCode}:\n${what}\nlog: ${errorLogs.lines.map((l) => JSON.stringify(l)).join("\n")}`,
      );
    if (res.statusCode >= 400) {
      expect(res.headers["content-type"], what).toMatch(/^application\/problem\+json/);
      // A HEAD answer has the GET's headers and no body.
      if (req.method !== "HEAD") {
        const problem = ProblemSchema.safeParse(res.json());
        expect(problem.success, what).toBe(true);
        expect(problem.data?.status, what).toBe(res.statusCode);
      }
      expect(await fingerprint(t.app), `a refused request changed rows:\n${what}`).toBe(before);
    } else if (res.statusCode < 300) {
      await keepSignedIn(req.actor);
    }
  }

  it("the fingerprint sees a changed row, and not a session's sliding expiry", async () => {
    const before = await fingerprint(t.app);
    await t.app.db.execute(
      sql`update sessions set last_seen_at = now() + interval '1 minute', expires_at = expires_at + interval '1 minute'`,
    );
    expect(await fingerprint(t.app)).toBe(before);
    await t.app.db.execute(sql`update listings set model = model || '!' where id = ${known.ids[0]}`);
    expect(await fingerprint(t.app)).not.toBe(before);
  });

  it("sends random requests to every route: no 5xx, problem+json for every 4xx, no row changed by a refusal", {
    timeout: 180_000,
  }, async () => {
    const targets = routes.keys();
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
