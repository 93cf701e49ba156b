import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import type { Database } from "./db/client.ts";
import { sendPasswordReset } from "./features/auth/password-reset.ts";
import type { Mail } from "./mail/mailer.ts";
import { call, multipart, openTestDatabase, type Req } from "./test/app.ts";
import {
  buildListing,
  buildUser,
  jpeg,
  STRONG_PASSWORD,
  signedInUser,
  signIn,
  type TestUser,
  uniqueEmail,
} from "./test/factories.ts";

/**
 * Who may call what, for every API route: the expected status for each kind of caller. "buyer"
 * owns the orders and "seller" the listings the requests point at; the "other" ones own nothing
 * involved. A route the app registers without a row here fails the first test.
 */
const ACTORS = ["anonymous", "buyer", "otherBuyer", "seller", "otherSeller", "admin"] as const;
type Actor = (typeof ACTORS)[number];
type Statuses = Record<Actor, number>;

/** Columns in ACTORS order: anonymous, buyer, other buyer, seller, other seller, admin. */
const s = (...codes: [number, number, number, number, number, number]): Statuses =>
  Object.fromEntries(ACTORS.map((a, i) => [a, codes[i]])) as Statuses;

const everyone = (code: number) => s(code, code, code, code, code, code);
const buyersOnly = (ok: number) => s(401, ok, ok, 403, 403, 403);
const ownBuyerOnly = (ok: number) => s(401, ok, 403, 403, 403, 403);
const sellersOnly = (ok: number) => s(401, 403, 403, ok, ok, 403);
const ownSellerOnly = (ok: number) => s(401, 403, 403, ok, 403, 403);
const adminOnly = (ok: number) => s(401, 403, 403, 403, 403, ok);

type World = {
  app: FastifyInstance;
  users: Record<Exclude<Actor, "anonymous">, TestUser>;
  cookies: Record<Actor, string | undefined>;
  listingId: string;
  orderId: string;
};

/** A request for one call; `cookie` overrides the caller's own session. Mutations make fresh resources. */
type Row = { expected: Statuses; request: (w: World, actor: Actor) => Promise<Req> };

const booking = { phone: "01711-000000", meetingLocation: "Gulshan 1" };
const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };

async function sellersListing(w: World) {
  return (await buildListing(w.app, { sellerId: w.users.seller.id })).id;
}

async function buyersOrder(w: World) {
  const res = await call(w.app, {
    method: "POST",
    url: "/api/orders",
    cookie: w.cookies.buyer,
    payload: { listingId: await sellersListing(w), ...booking },
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.body}`);
  return res.json().order.id as string;
}

async function reportedListing(w: World) {
  const id = await sellersListing(w);
  const res = await call(w.app, {
    method: "POST",
    url: `/api/listings/${id}/reports`,
    cookie: w.cookies.buyer,
    payload: { reason: "Looks like a scam" },
  });
  if (res.statusCode !== 201) throw new Error(`report failed: ${res.body}`);
  return id;
}

/** A fresh user's reset token, as the emailed link carries it. */
async function resetToken(w: World) {
  const user = await buildUser(w.app);
  let link = "";
  const mailer = {
    async send(mail: Mail) {
      link = mail.text;
    },
    close() {},
  };
  await sendPasswordReset(
    w.app.db,
    mailer,
    { secret: w.app.config.sessionSecret, publicUrl: w.app.config.publicUrl },
    user.email,
  );
  const token = link.match(/[?&]token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no reset link in: ${link}`);
  return token;
}

/** A fresh user of the caller's role, signed in: for rows that change the person's own password or sessions. */
async function freshOf(w: World, actor: Actor) {
  if (actor === "anonymous") return undefined;
  return signedInUser(w.app, { role: w.users[actor].role });
}

const MATRIX: Record<string, Row> = {
  "GET /api/health": {
    expected: everyone(200),
    request: async () => ({ method: "GET", url: "/api/health" }),
  },
  "GET /api/categories": {
    expected: everyone(200),
    request: async () => ({ method: "GET", url: "/api/categories" }),
  },

  "POST /api/auth/signup": {
    expected: everyone(201),
    request: async () => ({
      method: "POST",
      url: "/api/auth/signup",
      ...(await multipart({
        name: "New Person",
        email: uniqueEmail("signup"),
        role: "buyer",
        password: STRONG_PASSWORD,
        photo: { data: await jpeg(), filename: "me.jpg", type: "image/jpeg" },
      })),
    }),
  },
  "POST /api/auth/signin": {
    expected: everyone(200),
    request: async (w) => ({
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: w.users.buyer.email, password: w.users.buyer.password },
    }),
  },
  "POST /api/auth/signout": {
    expected: everyone(204),
    // A session of its own, so signing out does not end the session the other rows use.
    request: async (w, actor) => ({
      method: "POST",
      url: "/api/auth/signout",
      cookie: actor === "anonymous" ? undefined : await signIn(w.app, w.users[actor]),
    }),
  },
  "GET /api/auth/me": {
    expected: everyone(200),
    request: async () => ({ method: "GET", url: "/api/auth/me" }),
  },
  "PATCH /api/auth/me": {
    expected: s(401, 200, 200, 200, 200, 200),
    // Each caller sets the name it already has, so the other rows see the same users.
    request: async (_w, actor) => ({
      method: "PATCH",
      url: "/api/auth/me",
      ...(await multipart({ name: actor })),
    }),
  },
  "POST /api/auth/password-reset": {
    expected: everyone(202),
    request: async (w) => ({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { email: w.users.buyer.email },
    }),
  },
  "POST /api/auth/password-reset/confirm": {
    expected: everyone(200),
    // A user of its own each time: a reset ends every session of the user it is for.
    request: async (w) => ({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token: await resetToken(w), password: "N3w!Secret" },
    }),
  },
  // Demo data is off here: the list is not found, for everyone alike.
  "GET /api/auth/demo-accounts": {
    expected: everyone(404),
    request: async () => ({ method: "GET", url: "/api/auth/demo-accounts" }),
  },
  "GET /api/auth/providers": {
    expected: everyone(200),
    request: async () => ({ method: "GET", url: "/api/auth/providers" }),
  },
  // Redirects for everyone: to the provider, or (as here, with no provider listening) back to /signin.
  "GET /api/auth/google": {
    expected: everyone(302),
    request: async () => ({ method: "GET", url: "/api/auth/google" }),
  },
  "GET /api/auth/google/callback": {
    expected: everyone(302),
    request: async () => ({ method: "GET", url: "/api/auth/google/callback?code=x&state=y" }),
  },

  "POST /api/auth/password": {
    expected: s(401, 200, 200, 200, 200, 200),
    request: async (w, actor) => {
      const fresh = await freshOf(w, actor);
      return {
        method: "POST",
        url: "/api/auth/password",
        cookie: fresh?.cookie,
        payload: { currentPassword: fresh?.user.password ?? STRONG_PASSWORD, newPassword: "N3w!Secret" },
      };
    },
  },
  "GET /api/auth/sessions": {
    expected: s(401, 200, 200, 200, 200, 200),
    request: async () => ({ method: "GET", url: "/api/auth/sessions" }),
  },
  // Ends the caller's own other device; each signed-in caller has one of its own to end.
  "DELETE /api/auth/sessions/:id": {
    expected: s(401, 204, 204, 204, 204, 204),
    request: async (w, actor) => {
      const fresh = await freshOf(w, actor);
      let id = "00000000-0000-0000-0000-000000000000";
      if (fresh) {
        await signIn(w.app, fresh.user);
        const res = await call(w.app, { method: "GET", url: "/api/auth/sessions", cookie: fresh.cookie });
        id = (res.json().devices as { id: string; current: boolean }[]).find((d) => !d.current)!.id;
      }
      return { method: "DELETE", url: `/api/auth/sessions/${id}`, cookie: fresh?.cookie };
    },
  },
  "DELETE /api/auth/sessions": {
    expected: s(401, 200, 200, 200, 200, 200),
    request: async (w, actor) => ({
      method: "DELETE",
      url: "/api/auth/sessions",
      cookie: (await freshOf(w, actor))?.cookie,
    }),
  },
  // No pending sign-in behind it (no password step): start again, for everyone alike.
  "POST /api/auth/signin/mfa": {
    expected: everyone(401),
    request: async () => ({ method: "POST", url: "/api/auth/signin/mfa", payload: { code: "123456" } }),
  },
  "POST /api/auth/mfa/setup": {
    expected: s(401, 200, 200, 200, 200, 200),
    request: async () => ({ method: "POST", url: "/api/auth/mfa/setup", payload: {} }),
  },
  // A wrong code: the access rule is what this row is about, so nothing is turned on.
  "POST /api/auth/mfa/confirm": {
    expected: s(401, 400, 400, 400, 400, 400),
    request: async (w, actor) => ({
      method: "POST",
      url: "/api/auth/mfa/confirm",
      payload: {
        code: "000000",
        password: actor === "anonymous" ? STRONG_PASSWORD : w.users[actor].password,
      },
    }),
  },
  // Nobody here has it on: a conflict with the account's state, once signed in.
  "POST /api/auth/mfa/disable": {
    expected: s(401, 409, 409, 409, 409, 409),
    request: async (w, actor) => ({
      method: "POST",
      url: "/api/auth/mfa/disable",
      payload: { password: actor === "anonymous" ? STRONG_PASSWORD : w.users[actor].password },
    }),
  },

  "GET /api/listings": {
    expected: everyone(200),
    request: async () => ({ method: "GET", url: "/api/listings" }),
  },
  "GET /api/listings/advertised": {
    expected: everyone(200),
    request: async () => ({ method: "GET", url: "/api/listings/advertised" }),
  },
  "GET /api/listings/:id": {
    expected: everyone(200),
    request: async (w) => ({ method: "GET", url: `/api/listings/${w.listingId}` }),
  },
  "POST /api/listings": {
    expected: sellersOnly(201),
    request: async () => ({
      method: "POST",
      url: "/api/listings",
      ...(await multipart({
        model: "Yamaha R15",
        engineCc: "155",
        category: "sports",
        brand: "Yamaha",
        brandNewPrice: "550000",
        askingPrice: "420000",
        totalUsed: "1 year",
        photo: { data: await jpeg(), filename: "bike.jpg", type: "image/jpeg" },
      })),
    }),
  },
  "GET /api/me/listings": {
    expected: sellersOnly(200),
    request: async () => ({ method: "GET", url: "/api/me/listings" }),
  },
  "POST /api/listings/:id/advertise": {
    expected: ownSellerOnly(200),
    request: async (w) => ({ method: "POST", url: `/api/listings/${await sellersListing(w)}/advertise` }),
  },
  "DELETE /api/listings/:id": {
    expected: ownSellerOnly(204),
    request: async (w) => ({ method: "DELETE", url: `/api/listings/${await sellersListing(w)}` }),
  },

  "POST /api/listings/:id/reports": {
    expected: buyersOnly(201),
    request: async (w) => ({
      method: "POST",
      url: `/api/listings/${await sellersListing(w)}/reports`,
      payload: { reason: "Wrong engine size" },
    }),
  },

  "POST /api/orders": {
    expected: buyersOnly(201),
    request: async (w) => ({
      method: "POST",
      url: "/api/orders",
      payload: { listingId: await sellersListing(w), ...booking },
    }),
  },
  "GET /api/me/orders": {
    expected: buyersOnly(200),
    request: async () => ({ method: "GET", url: "/api/me/orders" }),
  },
  "GET /api/orders/:id": {
    expected: ownBuyerOnly(200),
    request: async (w) => ({ method: "GET", url: `/api/orders/${w.orderId}` }),
  },
  "GET /api/me/buyers": {
    expected: sellersOnly(200),
    request: async () => ({ method: "GET", url: "/api/me/buyers" }),
  },

  "POST /api/orders/:id/payment-intent": {
    expected: ownBuyerOnly(200),
    request: async (w) => ({ method: "POST", url: `/api/orders/${w.orderId}/payment-intent` }),
  },
  "POST /api/payments/confirm": {
    expected: ownBuyerOnly(200),
    request: async (w) => {
      const intent = await call(w.app, {
        method: "POST",
        url: `/api/orders/${await buyersOrder(w)}/payment-intent`,
        cookie: w.cookies.buyer,
      });
      if (intent.statusCode !== 200) throw new Error(`payment intent failed: ${intent.body}`);
      const { intentId, clientSecret } = intent.json();
      return { method: "POST", url: "/api/payments/confirm", payload: { intentId, clientSecret, card } };
    },
  },

  "GET /api/admin/sellers": {
    expected: adminOnly(200),
    request: async () => ({ method: "GET", url: "/api/admin/sellers" }),
  },
  "POST /api/admin/sellers/:id/verify": {
    expected: adminOnly(200),
    request: async (w) => ({ method: "POST", url: `/api/admin/sellers/${w.users.seller.id}/verify` }),
  },
  "GET /api/admin/buyers": {
    expected: adminOnly(200),
    request: async () => ({ method: "GET", url: "/api/admin/buyers" }),
  },
  "GET /api/admin/reports": {
    expected: adminOnly(200),
    request: async () => ({ method: "GET", url: "/api/admin/reports" }),
  },
  "POST /api/admin/reports/:id/dismiss": {
    expected: adminOnly(204),
    request: async (w) => ({ method: "POST", url: `/api/admin/reports/${await reportedListing(w)}/dismiss` }),
  },
  "DELETE /api/admin/listings/:id": {
    expected: adminOnly(204),
    request: async (w) => ({ method: "DELETE", url: `/api/admin/listings/${await sellersListing(w)}` }),
  },
};

/** "METHOD /url" of every API route the app registers (docs aside; HEAD twins of GETs folded in). */
function apiRoutes(routes: RouteOptions[]): string[] {
  const keys = new Set<string>();
  for (const route of routes) {
    if (!route.url.startsWith("/api/") || route.url.startsWith("/api/docs")) continue;
    for (const method of [route.method].flat()) keys.add(`${method} ${route.url}`);
  }
  return [...keys].filter((k) => !(k.startsWith("HEAD ") && keys.has(k.replace(/^HEAD /, "GET ")))).sort();
}

describe("authorization matrix", () => {
  const registered: RouteOptions[] = [];
  const w = {} as World;
  let database: Database;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-matrix-"));
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      RATE_LIMIT_AUTH_MAX: "10000",
      LOG_LEVEL: "silent",
      // Google set up, so its routes are live; nothing listens on port 9, so nothing leaves the machine.
      OIDC_ISSUER: "http://127.0.0.1:9",
      OIDC_CLIENT_ID: "motohaat",
      OIDC_CLIENT_SECRET: "secret",
    });
    database = await openTestDatabase();
    w.app = await buildApp({ config, database, logger: false, onRoute: (route) => registered.push(route) });
    await w.app.ready();

    const made = await Promise.all(
      (["buyer", "otherBuyer", "seller", "otherSeller", "admin"] as const).map(async (actor) => {
        const role = actor === "otherBuyer" ? "buyer" : actor === "otherSeller" ? "seller" : actor;
        return [actor, await signedInUser(w.app, { role, name: actor })] as const;
      }),
    );
    w.users = Object.fromEntries(made.map(([a, m]) => [a, m.user])) as World["users"];
    w.cookies = {
      anonymous: undefined,
      ...Object.fromEntries(made.map(([a, m]) => [a, m.cookie])),
    } as World["cookies"];
    w.listingId = await sellersListing(w);
    w.orderId = await buyersOrder(w);
  });

  afterAll(async () => {
    await w.app?.close();
    await database?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("has a row for every registered API route, and no row for a route that does not exist", () => {
    const routes = apiRoutes(registered);
    expect(routes.length).toBeGreaterThan(20);
    expect(
      routes.filter((r) => !(r in MATRIX)),
      "routes missing from MATRIX",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((r) => !routes.includes(r)),
      "rows for unknown routes",
    ).toEqual([]);
  });

  it.each(Object.keys(MATRIX))("%s", async (key) => {
    const row = MATRIX[key]!;
    const actual = {} as Statuses;
    for (const actor of ACTORS) {
      const req = await row.request(w, actor);
      const res = await call(w.app, { cookie: w.cookies[actor], ...req });
      actual[actor] = res.statusCode;
      if (res.statusCode === 401 || res.statusCode === 403) {
        expect(res.headers["content-type"], `${actor}: ${res.body}`).toContain("application/problem+json");
      }
    }
    expect(actual).toEqual(row.expected);
  });
});
