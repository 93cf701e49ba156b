import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { orders, users } from "#server/db/schema.ts";
import { card, GOOD_CARD, openIntent } from "#server/features/payments/testing.ts";
import { call, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, buildUser, signedInUser } from "#server/test/factories.ts";

async function overview(app: FastifyInstance, cookie: string | undefined) {
  const res = await call(app, { method: "GET", url: "/api/me/overview", cookie });
  return res;
}

async function pay(app: FastifyInstance, cookie: string, orderId: string) {
  const intent = await openIntent(app, cookie, orderId);
  const res = await call(app, {
    method: "POST",
    url: "/api/payments/confirm",
    cookie,
    payload: { intentId: intent.intentId, clientSecret: intent.clientSecret, card: card(GOOD_CARD) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Moves an order's hold (and, when ended, its end) into the past, as time passing would. */
function backdate(app: FastifyInstance, orderId: string, interval: string) {
  return app.db
    .update(orders)
    .set({
      holdUntil: sql`now() - ${interval}::interval`,
      endedAt: sql`case when ${orders.endedAt} is null then null else now() - ${interval}::interval end`,
    })
    .where(eq(orders.id, orderId));
}

describe("GET /api/me/overview", () => {
  const t = setupTestApp();

  it("answers 401 without a session", async () => {
    expect((await overview(t.app, undefined)).statusCode).toBe(401);
  });

  it("counts a buyer's unpaid bookings still holding a bike and says when the first hold ends", async () => {
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const empty = await overview(t.app, buyer.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers["cache-control"]).toBe("private, no-store");
    expect(empty.json()).toEqual({ role: "buyer", heldOrders: 0, nextHoldEndsAt: null });

    const first = await bookOrder(t.app, buyer.cookie, (await buildListing(t.app)).id);
    const second = await bookOrder(t.app, buyer.cookie, (await buildListing(t.app)).id);
    const paid = await bookOrder(t.app, buyer.cookie, (await buildListing(t.app)).id);
    await pay(t.app, buyer.cookie, paid.id);
    // The second hold ends sooner: it is the one to pay first.
    await t.app.db
      .update(orders)
      .set({ holdUntil: sql`now() + interval '2 hours'` })
      .where(eq(orders.id, second.id));
    const [row] = await t.app.db
      .select({ holdUntil: orders.holdUntil })
      .from(orders)
      .where(eq(orders.id, second.id));

    expect((await overview(t.app, buyer.cookie)).json()).toEqual({
      role: "buyer",
      heldOrders: 2,
      nextHoldEndsAt: row!.holdUntil!.toISOString(),
    });

    // A hold that has run out no longer counts, swept or not; nor does a cancelled one.
    await backdate(t.app, second.id, "1 minute");
    const cancel = await call(t.app, {
      method: "POST",
      url: `/api/orders/${first.id}/cancel`,
      cookie: buyer.cookie,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await overview(t.app, buyer.cookie)).json()).toEqual({
      role: "buyer",
      heldOrders: 0,
      nextHoldEndsAt: null,
    });
  });

  it("counts a seller's bikes for sale, held, sold and bookings ended unpaid in the last 7 days", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    const other = await buildUser(t.app, { role: "seller" });
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const bike = () => buildListing(t.app, { sellerId: seller.user.id });

    expect((await overview(t.app, seller.cookie)).json()).toEqual({
      role: "seller",
      forSale: 0,
      held: 0,
      sold: 0,
      unpaid: 0,
    });

    await bike();
    await bike();
    await buildListing(t.app, { sellerId: seller.user.id, hidden: true });
    await buildListing(t.app, { sellerId: other.id });
    await bookOrder(t.app, buyer.cookie, (await bike()).id);
    const paid = await bookOrder(t.app, buyer.cookie, (await bike()).id);
    await pay(t.app, buyer.cookie, paid.id);
    // Ended unpaid: a hold run out but not swept yet, a cancelled booking; an old expiry is not counted.
    const lapsed = await bookOrder(t.app, buyer.cookie, (await bike()).id);
    await backdate(t.app, lapsed.id, "1 hour");
    const cancelled = await bookOrder(t.app, buyer.cookie, (await bike()).id);
    await call(t.app, { method: "POST", url: `/api/orders/${cancelled.id}/cancel`, cookie: buyer.cookie });
    const old = await bookOrder(t.app, buyer.cookie, (await bike()).id);
    await call(t.app, { method: "POST", url: `/api/orders/${old.id}/cancel`, cookie: buyer.cookie });
    await backdate(t.app, old.id, "8 days");

    expect((await overview(t.app, seller.cookie)).json()).toEqual({
      role: "seller",
      // Two never booked and two whose bookings were cancelled; the lapsed one stays sold until swept.
      forSale: 4,
      held: 1,
      sold: 1,
      unpaid: 2,
    });
  });

  it("counts for an admin the reported listings still on the market and the sellers not verified", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    const verified = await buildUser(t.app, { role: "seller" });
    await t.app.db.update(users).set({ verified: true }).where(eq(users.id, verified.id));
    const before = (await overview(t.app, admin.cookie)).json();
    expect(before).toEqual({
      role: "admin",
      openReports: expect.any(Number),
      unverifiedSellers: expect.any(Number),
    });

    const reporter = await signedInUser(t.app, { role: "buyer" });
    const second = await signedInUser(t.app, { role: "buyer" });
    const reported = await buildListing(t.app, { sellerId: verified.id });
    const removed = await buildListing(t.app, { sellerId: verified.id });
    for (const cookie of [reporter.cookie, second.cookie]) {
      const res = await call(t.app, {
        method: "POST",
        url: `/api/listings/${reported.id}/reports`,
        cookie,
        payload: { reason: "Looks like a scam" },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await call(t.app, {
      method: "POST",
      url: `/api/listings/${removed.id}/reports`,
      cookie: reporter.cookie,
      payload: { reason: "Stolen bike" },
    });
    const removal = await call(t.app, {
      method: "DELETE",
      url: `/api/admin/listings/${removed.id}`,
      cookie: admin.cookie,
    });
    expect(removal.statusCode, removal.body).toBeLessThan(300);
    await buildUser(t.app, { role: "seller" });

    // Two reports on one listing are one listing to review; the removed one is decided.
    expect((await overview(t.app, admin.cookie)).json()).toEqual({
      role: "admin",
      openReports: before.openReports + 1,
      unverifiedSellers: before.unverifiedSellers + 1,
    });
  });
});
