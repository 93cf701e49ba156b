import { and, eq, ne, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ledgerEntries, orders, payoutAccounts } from "#server/db/schema.ts";
import { sendPasswordReset } from "#server/features/auth/password-reset.ts";
import { buildConversation, buildConversationReport, buildOffer } from "#server/features/messages/testing.ts";
import { buildDeadLetter } from "#server/features/notifications/testing.ts";
import { unsubscribeToken } from "#server/features/notifications/unsubscribe-token.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { call, multipart, type Req } from "#server/test/app.ts";
import {
  bookOrder,
  buildListing,
  buildUser,
  jpeg,
  jpegPart,
  listingForm,
  STRONG_PASSWORD,
  signedInUser,
  signIn,
  signupForm,
  type TestUser,
} from "#server/test/factories.ts";

/**
 * Who may call what, for every API route: the status each kind of caller gets. "buyer" owns the
 * orders and "seller" the listings the requests point at; the "other" ones own nothing involved.
 */
export const CALLERS = ["anonymous", "buyer", "otherBuyer", "seller", "otherSeller", "admin"] as const;
type Caller = (typeof CALLERS)[number];
export type Expected = Record<Caller, number>;

/** How a caller reads in a test's name. */
export const CALLER_NAMES: Record<Caller, string> = {
  anonymous: "anonymous",
  buyer: "buyer",
  otherBuyer: "other buyer",
  seller: "seller",
  otherSeller: "other seller",
  admin: "admin",
};

export type World = {
  app: FastifyInstance;
  users: Record<Exclude<Caller, "anonymous">, TestUser>;
  cookies: Record<Caller, string | undefined>;
  listingId: string;
  orderId: string;
};

/** A request for one call; `cookie` overrides the caller's own session. Mutations make fresh resources. */
type Case = { expected: Expected; request: (w: World, caller: Caller) => Promise<Req> };

const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };

export async function sellersListing(w: World) {
  return (await buildListing(w.app, { sellerId: w.users.seller.id })).id;
}

/**
 * A fresh held order of "buyer" on a bike of "seller". A buyer may hold 3 unpaid bookings, and the
 * matrix books many: the buyer's other holds (but the world's order) are ended first, in the rows.
 */
export async function buyersOrder(w: World) {
  await w.app.db
    .update(orders)
    .set({ status: "cancelled", endedAt: sql`now()` })
    .where(
      and(
        eq(orders.buyerId, w.users.buyer.id),
        eq(orders.status, "held"),
        w.orderId ? ne(orders.id, w.orderId) : undefined,
      ),
    );
  return (await bookOrder(w.app, w.cookies.buyer!, await sellersListing(w))).id;
}

/** A fresh held order of "buyer" that "seller" has marked paid in cash at the meeting. */
async function cashMarkedOrder(w: World) {
  const id = await buyersOrder(w);
  const res = await call(w.app, { method: "POST", url: `/api/orders/${id}/cash`, cookie: w.cookies.seller });
  if (res.statusCode !== 204) throw new Error(`cash mark failed: ${res.body}`);
  return id;
}

/** A fresh cash-marked order whose buyer disputed the mark: an open dispute for the admins. */
async function cashDisputedOrder(w: World) {
  const id = await cashMarkedOrder(w);
  const res = await call(w.app, {
    method: "POST",
    url: `/api/orders/${id}/cash/dispute`,
    cookie: w.cookies.buyer,
    payload: {},
  });
  if (res.statusCode !== 200) throw new Error(`cash dispute failed: ${res.body}`);
  return id;
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

/** A fresh conversation of "buyer" about a bike of "seller" (rows, so no rate limit counts it). */
async function buyersConversation(w: World) {
  return buildConversation(w.app, { buyerId: w.users.buyer.id, sellerId: w.users.seller.id });
}

/** A pending offer of "buyer" in a fresh conversation with "seller". */
async function buyersOffer(w: World) {
  const c = await buyersConversation(w);
  return buildOffer(w.app, { ...c, buyerId: w.users.buyer.id });
}

/** A fresh order of "buyer" on a bike of "seller", paid (written as the payment would leave it). */
async function buyersPaidOrder(w: World) {
  const id = await buyersOrder(w);
  await w.app.db.update(orders).set({ status: "paid", paidAt: sql`now()` }).where(eq(orders.id, id));
  return id;
}

/** A fresh order of "buyer" paid by card, its money held until the handover (decision 028). */
async function buyersCardPaidOrder(w: World) {
  const id = await buyersOrder(w);
  await w.app.db
    .update(orders)
    .set({ status: "paid", paidAt: sql`now()`, releaseDueAt: sql`now() + interval '7 days'` })
    .where(eq(orders.id, id));
  return id;
}

/** A fresh card-paid order of "buyer" whose handover they disputed (an admin decides). */
async function handoverDisputedOrder(w: World) {
  const id = await buyersCardPaidOrder(w);
  const res = await call(w.app, {
    method: "POST",
    url: `/api/orders/${id}/dispute`,
    cookie: w.cookies.buyer,
    payload: { reason: "not_handed_over", description: "The seller never came to the meeting place." },
  });
  if (res.statusCode !== 200) throw new Error(`handover dispute failed: ${res.body}`);
  return id;
}

/** ৳1 more owed to "seller", who has payout details (rows, as a release and the profile would leave them). */
async function sellerOwedMoney(w: World) {
  const orderId = await buyersCardPaidOrder(w);
  await w.app.db.insert(ledgerEntries).values([
    { kind: "received", amount: 100, orderId, sellerId: w.users.seller.id },
    { kind: "released", amount: 100, orderId, sellerId: w.users.seller.id },
  ]);
  await w.app.db
    .insert(payoutAccounts)
    .values({ sellerId: w.users.seller.id, method: "bkash", walletNumber: "+8801712345678" })
    .onConflictDoNothing();
  return w.users.seller.id;
}

/** A fresh review by "buyer" of "seller", through the API. */
async function buyersReview(w: World) {
  const res = await call(w.app, {
    method: "POST",
    url: `/api/orders/${await buyersPaidOrder(w)}/review`,
    cookie: w.cookies.buyer,
    payload: { stars: 4 },
  });
  if (res.statusCode !== 201) throw new Error(`review failed: ${res.body}`);
  return res.json().review.id as string;
}

/** A fresh review of "seller" that "otherBuyer" reported. */
async function reportedReview(w: World) {
  const id = await buyersReview(w);
  const res = await call(w.app, {
    method: "POST",
    url: `/api/reviews/${id}/report`,
    cookie: w.cookies.otherBuyer,
    payload: { reason: "Not about the bike" },
  });
  if (res.statusCode !== 201) throw new Error(`review report failed: ${res.body}`);
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
    { secret: w.app.config.sessionSecret, publicUrl: w.app.config.publicUrl, locale: "en" },
    user.email,
  );
  const token = link.match(/[?&]token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no reset link in: ${link}`);
  return token;
}

/** A fresh user of the caller's role, signed in: for cases that change the person's own password or sessions. */
async function freshOf(w: World, caller: Caller) {
  if (caller === "anonymous") return undefined;
  return signedInUser(w.app, { role: w.users[caller].role });
}

/** A route the app registers without a case here fails the matrix's first test. */
export const MATRIX: Record<string, Case> = {
  "GET /api/health": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/health" }),
  },
  "GET /api/health/ready": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/health/ready" }),
  },
  "GET /api/categories": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/categories" }),
  },

  "POST /api/auth/signup": {
    expected: { anonymous: 201, buyer: 201, otherBuyer: 201, seller: 201, otherSeller: 201, admin: 201 },
    request: async () => ({ method: "POST", url: "/api/auth/signup", ...(await signupForm()) }),
  },
  "POST /api/auth/signin": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async (w) => ({
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: w.users.buyer.email, password: w.users.buyer.password },
    }),
  },
  "POST /api/auth/signout": {
    expected: { anonymous: 204, buyer: 204, otherBuyer: 204, seller: 204, otherSeller: 204, admin: 204 },
    // A session of its own, so signing out does not end the session the other cases use.
    request: async (w, caller) => ({
      method: "POST",
      url: "/api/auth/signout",
      cookie: caller === "anonymous" ? undefined : await signIn(w.app, w.users[caller]),
    }),
  },
  "GET /api/auth/me": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/auth/me" }),
  },
  "PUT /api/language": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    // English, as every caller has it: the other cases read the same messages.
    request: async () => ({ method: "PUT", url: "/api/language", payload: { language: "en" } }),
  },
  "PATCH /api/auth/me": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    // Each caller sets the name it already has, so the other cases see the same users.
    request: async (_w, caller) => ({
      method: "PATCH",
      url: "/api/auth/me",
      ...(await multipart({ name: caller })),
    }),
  },
  "POST /api/auth/password-reset": {
    expected: { anonymous: 202, buyer: 202, otherBuyer: 202, seller: 202, otherSeller: 202, admin: 202 },
    request: async (w) => ({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { email: w.users.buyer.email },
    }),
  },
  "POST /api/auth/password-reset/confirm": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    // A user of its own each time: a reset ends every session of the user it is for.
    request: async (w) => ({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token: await resetToken(w), password: "N3w!Secret" },
    }),
  },
  // Demo data is off here: the list is not found, for everyone alike.
  "GET /api/auth/demo-accounts": {
    expected: { anonymous: 404, buyer: 404, otherBuyer: 404, seller: 404, otherSeller: 404, admin: 404 },
    request: async () => ({ method: "GET", url: "/api/auth/demo-accounts" }),
  },
  "GET /api/auth/providers": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/auth/providers" }),
  },
  // Redirects for everyone: to the provider, or (as here, with no provider listening) back to /signin.
  "GET /api/auth/google": {
    expected: { anonymous: 302, buyer: 302, otherBuyer: 302, seller: 302, otherSeller: 302, admin: 302 },
    request: async () => ({ method: "GET", url: "/api/auth/google" }),
  },
  "GET /api/auth/google/callback": {
    expected: { anonymous: 302, buyer: 302, otherBuyer: 302, seller: 302, otherSeller: 302, admin: 302 },
    request: async () => ({ method: "GET", url: "/api/auth/google/callback?code=x&state=y" }),
  },

  "POST /api/auth/password": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async (w, caller) => {
      const fresh = await freshOf(w, caller);
      return {
        method: "POST",
        url: "/api/auth/password",
        cookie: fresh?.cookie,
        payload: { currentPassword: fresh?.user.password ?? STRONG_PASSWORD, newPassword: "N3w!Secret" },
      };
    },
  },
  "GET /api/auth/sessions": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/auth/sessions" }),
  },
  // Ends the caller's own other device; each signed-in caller has one of its own to end.
  "DELETE /api/auth/sessions/:id": {
    expected: { anonymous: 401, buyer: 204, otherBuyer: 204, seller: 204, otherSeller: 204, admin: 204 },
    request: async (w, caller) => {
      const fresh = await freshOf(w, caller);
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
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async (w, caller) => ({
      method: "DELETE",
      url: "/api/auth/sessions",
      cookie: (await freshOf(w, caller))?.cookie,
    }),
  },
  "DELETE /api/me": {
    expected: { anonymous: 401, buyer: 204, otherBuyer: 204, seller: 204, otherSeller: 204, admin: 204 },
    // A fresh account of the caller's role deletes itself (another admin remains for the admin's).
    request: async (w, caller) => {
      const fresh = await freshOf(w, caller);
      return {
        method: "DELETE",
        url: "/api/me",
        cookie: fresh?.cookie,
        payload: { password: fresh?.user.password ?? "whatever" },
      };
    },
  },
  "GET /api/me/overview": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/me/overview" }),
  },
  // Asked as JSON, so that an allowed caller gets an answer instead of an open stream: the access
  // rule runs first (401), then the type (406). The stream itself: plugins/live-stream.test.ts.
  "GET /api/events": {
    expected: { anonymous: 401, buyer: 406, otherBuyer: 406, seller: 406, otherSeller: 406, admin: 406 },
    request: async () => ({ method: "GET", url: "/api/events", headers: { accept: "application/json" } }),
  },
  // No pending sign-in behind it (no password step): start again, for everyone alike.
  "POST /api/auth/signin/mfa": {
    expected: { anonymous: 401, buyer: 401, otherBuyer: 401, seller: 401, otherSeller: 401, admin: 401 },
    request: async () => ({ method: "POST", url: "/api/auth/signin/mfa", payload: { code: "123456" } }),
  },
  "POST /api/auth/mfa/setup": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "POST", url: "/api/auth/mfa/setup", payload: {} }),
  },
  // A wrong code: the access rule is what this case is about, so nothing is turned on.
  "POST /api/auth/mfa/confirm": {
    expected: { anonymous: 401, buyer: 400, otherBuyer: 400, seller: 400, otherSeller: 400, admin: 400 },
    request: async (w, caller) => ({
      method: "POST",
      url: "/api/auth/mfa/confirm",
      payload: {
        code: "000000",
        password: caller === "anonymous" ? STRONG_PASSWORD : w.users[caller].password,
      },
    }),
  },
  // Nobody here has it on: a conflict with the account's state, once signed in.
  "POST /api/auth/mfa/disable": {
    expected: { anonymous: 401, buyer: 409, otherBuyer: 409, seller: 409, otherSeller: 409, admin: 409 },
    request: async (w, caller) => ({
      method: "POST",
      url: "/api/auth/mfa/disable",
      payload: { password: caller === "anonymous" ? STRONG_PASSWORD : w.users[caller].password },
    }),
  },

  "GET /api/listings": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/listings" }),
  },
  "GET /api/listings/advertised": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/listings/advertised" }),
  },
  "GET /api/listings/nearby": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/listings/nearby?q=harley&district=dhaka" }),
  },
  "GET /api/listings/brands": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/listings/brands" }),
  },
  "GET /api/listings/:id": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async (w) => ({ method: "GET", url: `/api/listings/${w.listingId}` }),
  },
  "POST /api/listings": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 201, otherSeller: 201, admin: 403 },
    request: async () => ({ method: "POST", url: "/api/listings", ...(await listingForm()) }),
  },
  "GET /api/me/listings": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 200, admin: 403 },
    request: async () => ({ method: "GET", url: "/api/me/listings" }),
  },
  "POST /api/listings/:id/advertise": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "POST", url: `/api/listings/${await sellersListing(w)}/advertise` }),
  },
  "DELETE /api/listings/:id/advertise": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "DELETE", url: `/api/listings/${await sellersListing(w)}/advertise` }),
  },
  "POST /api/listings/photos": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 201, otherSeller: 201, admin: 403 },
    request: async () => ({
      method: "POST",
      url: "/api/listings/photos",
      ...(await multipart({ photo: jpegPart(await jpeg()) })),
    }),
  },
  "PATCH /api/listings/:id": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "PATCH",
      url: `/api/listings/${await sellersListing(w)}`,
      payload: { askingPrice: 140_000 },
    }),
  },
  "DELETE /api/listings/:id": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 204, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "DELETE", url: `/api/listings/${await sellersListing(w)}` }),
  },

  "POST /api/listings/:id/reports": {
    expected: { anonymous: 401, buyer: 201, otherBuyer: 201, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "POST",
      url: `/api/listings/${await sellersListing(w)}/reports`,
      payload: { reason: "Wrong engine size" },
    }),
  },

  "GET /api/sellers/:id": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async (w) => ({ method: "GET", url: `/api/sellers/${w.users.seller.id}` }),
  },

  "POST /api/orders": {
    expected: { anonymous: 401, buyer: 201, otherBuyer: 201, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "POST",
      url: "/api/orders",
      payload: { listingId: await sellersListing(w), phone: "01711-000000", meetingLocation: "Gulshan 1" },
    }),
  },
  "GET /api/me/orders": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 403, otherSeller: 403, admin: 403 },
    request: async () => ({ method: "GET", url: "/api/me/orders" }),
  },
  "GET /api/orders/:id": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "GET", url: `/api/orders/${w.orderId}` }),
  },
  "POST /api/orders/:id/cancel": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "POST", url: `/api/orders/${await buyersOrder(w)}/cancel` }),
  },
  "POST /api/orders/:id/handover": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "POST", url: `/api/orders/${await buyersCardPaidOrder(w)}/handover` }),
  },
  "POST /api/orders/:id/release": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 204, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "POST", url: `/api/orders/${await buyersOrder(w)}/release` }),
  },
  "POST /api/orders/:id/cash": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 204, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "POST", url: `/api/orders/${await buyersOrder(w)}/cash` }),
  },
  "POST /api/orders/:id/cash/confirm": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "POST", url: `/api/orders/${await cashMarkedOrder(w)}/cash/confirm` }),
  },
  "POST /api/orders/:id/cash/dispute": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "POST",
      url: `/api/orders/${await cashMarkedOrder(w)}/cash/dispute`,
      payload: { reason: "I paid nothing yet" },
    }),
  },
  "GET /api/admin/cash-disputes": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/admin/cash-disputes" }),
  },
  "POST /api/admin/cash-disputes/:id/resolve": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 204 },
    request: async (w) => ({
      method: "POST",
      url: `/api/admin/cash-disputes/${await cashDisputedOrder(w)}/resolve`,
      payload: { decision: "release" },
    }),
  },
  "POST /api/orders/:id/dispute": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "POST",
      url: `/api/orders/${await buyersCardPaidOrder(w)}/dispute`,
      payload: { reason: "not_as_described", description: "The engine number differs from the papers." },
    }),
  },
  "GET /api/admin/handover-disputes": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/admin/handover-disputes" }),
  },
  "POST /api/admin/handover-disputes/:id/decide": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 204 },
    request: async (w) => ({
      method: "POST",
      url: `/api/admin/handover-disputes/${await handoverDisputedOrder(w)}/decide`,
      payload: { decision: "release", note: "The buyer confirmed on the phone that all is well." },
    }),
  },
  "GET /api/admin/payouts": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/admin/payouts" }),
  },
  "GET /api/admin/payouts.csv": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/admin/payouts.csv" }),
  },
  "POST /api/admin/payouts": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 201 },
    request: async (w) => ({
      method: "POST",
      url: "/api/admin/payouts",
      payload: { sellerId: await sellerOwedMoney(w), amount: 1, reference: "8N7A6D5C4B" },
    }),
  },
  "GET /api/admin/money-log": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/admin/money-log" }),
  },
  "GET /api/me/earnings": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 200, admin: 403 },
    request: async () => ({ method: "GET", url: "/api/me/earnings" }),
  },
  "GET /api/me/payout-details": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 200, admin: 403 },
    request: async () => ({ method: "GET", url: "/api/me/payout-details" }),
  },
  "PUT /api/me/payout-details": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 200, admin: 403 },
    request: async () => ({
      method: "PUT",
      url: "/api/me/payout-details",
      payload: { method: "bkash", walletNumber: "01712-345678" },
    }),
  },
  "GET /api/me/buyers": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 200, admin: 403 },
    request: async () => ({ method: "GET", url: "/api/me/buyers" }),
  },

  "POST /api/orders/:id/payment-intent": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "POST", url: `/api/orders/${w.orderId}/payment-intent` }),
  },
  "POST /api/payments/confirm": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 403 },
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
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/admin/sellers" }),
  },
  "POST /api/admin/sellers/:id/verify": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async (w) => ({ method: "POST", url: `/api/admin/sellers/${w.users.seller.id}/verify` }),
  },
  "DELETE /api/admin/sellers/:id/verify": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async (w) => ({ method: "DELETE", url: `/api/admin/sellers/${w.users.seller.id}/verify` }),
  },
  "GET /api/admin/buyers": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/admin/buyers" }),
  },
  "GET /api/admin/reports": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/admin/reports" }),
  },
  "POST /api/admin/reports/:id/dismiss": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 204 },
    request: async (w) => ({ method: "POST", url: `/api/admin/reports/${await reportedListing(w)}/dismiss` }),
  },
  "DELETE /api/admin/listings/:id": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 204 },
    request: async (w) => ({ method: "DELETE", url: `/api/admin/listings/${await sellersListing(w)}` }),
  },

  // Messages: "buyer" and "seller" are the two people of each conversation; the others are not in it.
  "POST /api/listings/:id/conversation": {
    expected: { anonymous: 401, buyer: 201, otherBuyer: 201, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "POST",
      url: `/api/listings/${await sellersListing(w)}/conversation`,
      payload: { body: "Are the papers clear?" },
    }),
  },
  "GET /api/listings/:id/conversation": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "GET", url: `/api/listings/${w.listingId}/conversation` }),
  },
  "GET /api/conversations": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 403 },
    request: async () => ({ method: "GET", url: "/api/conversations" }),
  },
  "GET /api/conversations/unread": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 403 },
    request: async () => ({ method: "GET", url: "/api/conversations/unread" }),
  },
  "GET /api/conversations/:id": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, seller: 200, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "GET", url: `/api/conversations/${(await buyersConversation(w)).id}` }),
  },
  "GET /api/conversations/:id/messages": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 403, seller: 200, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "GET",
      url: `/api/conversations/${(await buyersConversation(w)).id}/messages`,
    }),
  },
  "POST /api/conversations/:id/messages": {
    expected: { anonymous: 401, buyer: 201, otherBuyer: 403, seller: 201, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "POST",
      url: `/api/conversations/${(await buyersConversation(w)).id}/messages`,
      payload: { body: "Yes, all papers are clear." },
    }),
  },
  "POST /api/conversations/:id/read": {
    expected: { anonymous: 401, buyer: 204, otherBuyer: 403, seller: 204, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "POST",
      url: `/api/conversations/${(await buyersConversation(w)).id}/read`,
    }),
  },
  "POST /api/conversations/:id/block": {
    expected: { anonymous: 401, buyer: 204, otherBuyer: 403, seller: 204, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "POST",
      url: `/api/conversations/${(await buyersConversation(w)).id}/block`,
    }),
  },
  "DELETE /api/conversations/:id/block": {
    expected: { anonymous: 401, buyer: 204, otherBuyer: 403, seller: 204, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "DELETE",
      url: `/api/conversations/${(await buyersConversation(w)).id}/block`,
    }),
  },
  "POST /api/conversations/:id/report": {
    expected: { anonymous: 401, buyer: 201, otherBuyer: 403, seller: 201, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "POST",
      url: `/api/conversations/${(await buyersConversation(w)).id}/report`,
      payload: { reason: "Asked me to pay before meeting" },
    }),
  },
  "POST /api/conversations/:id/offers": {
    expected: { anonymous: 401, buyer: 201, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "POST",
      url: `/api/conversations/${(await buyersConversation(w)).id}/offers`,
      payload: { amount: 140_000 },
    }),
  },
  "POST /api/offers/:id/accept": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "POST", url: `/api/offers/${await buyersOffer(w)}/accept` }),
  },
  "POST /api/offers/:id/decline": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "POST", url: `/api/offers/${await buyersOffer(w)}/decline` }),
  },
  "PUT /api/saved/:listingId": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "PUT", url: `/api/saved/${w.listingId}` }),
  },
  "DELETE /api/saved/:listingId": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({ method: "DELETE", url: `/api/saved/${w.listingId}` }),
  },
  "GET /api/saved/ids": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 403, otherSeller: 403, admin: 403 },
    request: async () => ({ method: "GET", url: "/api/saved/ids" }),
  },
  "GET /api/saved": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 403, otherSeller: 403, admin: 403 },
    request: async () => ({ method: "GET", url: "/api/saved" }),
  },
  "POST /api/orders/:id/review": {
    expected: { anonymous: 401, buyer: 201, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "POST",
      url: `/api/orders/${await buyersPaidOrder(w)}/review`,
      payload: { stars: 5, comment: "Smooth deal" },
    }),
  },
  "GET /api/me/reviews": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 403, otherSeller: 403, admin: 403 },
    request: async () => ({ method: "GET", url: "/api/me/reviews" }),
  },
  "GET /api/sellers/:id/reviews": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async (w) => ({ method: "GET", url: `/api/sellers/${w.users.seller.id}/reviews` }),
  },
  "POST /api/reviews/:id/reply": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 200, otherSeller: 403, admin: 403 },
    request: async (w) => ({
      method: "POST",
      url: `/api/reviews/${await buyersReview(w)}/reply`,
      payload: { reply: "Thank you!" },
    }),
  },
  "POST /api/reviews/:id/report": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 201, seller: 201, otherSeller: 201, admin: 201 },
    request: async (w) => ({
      method: "POST",
      url: `/api/reviews/${await buyersReview(w)}/report`,
      payload: { reason: "Rude words" },
    }),
  },
  "GET /api/admin/reviews/reported": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/admin/reviews/reported" }),
  },
  "DELETE /api/admin/reviews/:id": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 204 },
    request: async (w) => ({ method: "DELETE", url: `/api/admin/reviews/${await reportedReview(w)}` }),
  },
  "POST /api/admin/reviews/:id/dismiss": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 204 },
    request: async (w) => ({ method: "POST", url: `/api/admin/reviews/${await reportedReview(w)}/dismiss` }),
  },
  "GET /api/admin/conversation-reports": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/admin/conversation-reports" }),
  },
  "POST /api/admin/conversation-reports/:id/dismiss": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 204 },
    request: async (w) => {
      const { id } = await buyersConversation(w);
      await buildConversationReport(w.app, id, w.users.buyer.id);
      return { method: "POST", url: `/api/admin/conversation-reports/${id}/dismiss` };
    },
  },

  // Notifications: everyone signed in has their own; unsubscribing needs only the email's signed link.
  "GET /api/notifications": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/notifications" }),
  },
  "GET /api/notifications/unread-count": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/notifications/unread-count" }),
  },
  "POST /api/notifications/read": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "POST", url: "/api/notifications/read", payload: {} }),
  },
  "GET /api/notifications/preferences": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/notifications/preferences" }),
  },
  "PUT /api/notifications/preferences": {
    expected: { anonymous: 401, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    // Switched back on: the other cases see everyone's emails as they were.
    request: async () => ({
      method: "PUT",
      url: "/api/notifications/preferences",
      payload: { email: { reviewReceived: true } },
    }),
  },
  "POST /api/notifications/unsubscribe": {
    expected: { anonymous: 200, buyer: 200, otherBuyer: 200, seller: 200, otherSeller: 200, admin: 200 },
    request: async (w) => ({
      method: "POST",
      url: `/api/notifications/unsubscribe?token=${unsubscribeToken(w.app.config.sessionSecret, w.users.otherBuyer.id, "reviewReceived")}`,
    }),
  },
  "GET /api/admin/outbox/dead": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async () => ({ method: "GET", url: "/api/admin/outbox/dead" }),
  },
  "POST /api/admin/outbox/:id/retry": {
    expected: { anonymous: 401, buyer: 403, otherBuyer: 403, seller: 403, otherSeller: 403, admin: 200 },
    request: async (w) => ({
      method: "POST",
      url: `/api/admin/outbox/${await buildDeadLetter(w.app, w.users.otherBuyer.id)}/retry`,
    }),
  },
};
