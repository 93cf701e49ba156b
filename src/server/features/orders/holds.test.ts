import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { orders } from "#server/db/schema.ts";
import { listingDetail } from "#server/features/listings/testing.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { sweepExpiredHolds } from "#server/workflows/hold-endings.ts";
import { MSG } from "#shared/messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { cancel, listingStatus, orderRow, passHold, release } from "./testing.ts";

const HOLD_MINUTES = 90;
const booking = { phone: "01711-000000", meetingLocation: "Dhanmondi 27, Dhaka" };

function book(app: FastifyInstance, cookie: string | undefined, listingId: string, fields: object = {}) {
  return call(app, {
    method: "POST",
    url: "/api/orders",
    cookie,
    payload: { listingId, ...booking, ...fields },
  });
}

async function getOrder(app: FastifyInstance, cookie: string, id: string): Promise<Order> {
  const res = await call(app, { method: "GET", url: `/api/orders/${id}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order;
}

async function heldCount(app: FastifyInstance, buyerId: string) {
  const rows = await app.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.status, "held")));
  return rows.length;
}

describe("a booking holds a bike (BOOKING_HOLD_MINUTES)", () => {
  // A hold of its own length, to see it used; no sweeper timer: the tests sweep when they mean to.
  const t = setupTestApp({ BOOKING_HOLD_MINUTES: String(HOLD_MINUTES) }, { holdSweepIntervalMs: null });

  describe("booking", () => {
    it("a bike's page read signed in is the viewer's own: cache-control private, no-store; signed out none", async () => {
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);
      await bookOrder(t.app, buyer.cookie, listing.id);
      const mine = await call(t.app, {
        method: "GET",
        url: `/api/listings/${listing.id}`,
        cookie: buyer.cookie,
      });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().myOrder).not.toBeNull();
      expect(mine.headers["cache-control"]).toBe("private, no-store");
      const anyone = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
      expect(anyone.statusCode).toBe(200);
      expect(anyone.headers["cache-control"]).toBeUndefined();
    });

    it("holds the bike until now + the hold: held for its buyer, Stock Out for everyone else", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const other = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { sellerId: seller.user.id });

      const before = Date.now();
      const res = await book(t.app, buyer.cookie, listing.id);
      const after = Date.now();
      expect(res.statusCode, res.body).toBe(201);
      const order: Order = res.json().order;
      expect(order).toMatchObject({ status: "held", endedAt: null, receipt: null, paid: false });
      const holdUntil = Date.parse(order.holdUntil!);
      // The database's clock sets it; a second either way for the two clocks.
      expect(holdUntil).toBeGreaterThanOrEqual(before + HOLD_MINUTES * 60_000 - 1000);
      expect(holdUntil).toBeLessThanOrEqual(after + HOLD_MINUTES * 60_000 + 1000);
      expect((await orderRow(t.app, order.id)).holdUntil?.toISOString()).toBe(order.holdUntil);

      // Its buyer reads "booked by you" on the bike's page; nobody else learns whose it is.
      const mine = await listingDetail(t.app, listing.id, buyer.cookie);
      expect(mine.listing.status).toBe("sold");
      expect(mine.myOrder).toEqual({ id: order.id, status: "held", holdUntil: order.holdUntil });
      for (const cookie of [other.cookie, seller.cookie, undefined]) {
        const theirs = await listingDetail(t.app, listing.id, cookie);
        expect(theirs.listing.status).toBe("sold");
        expect(theirs.myOrder).toBeNull();
      }
      expectProblem(await book(t.app, other.cookie, listing.id), 409, MSG.order.justSold);
    });

    it("refuses a 4th unpaid booking with 409 and changes nothing; paying, cancelling or expiry makes room", async () => {
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const held: Order[] = [];
      for (let i = 0; i < 3; i++) {
        held.push(await bookOrder(t.app, buyer.cookie, (await buildListing(t.app)).id));
      }
      const fourth = await buildListing(t.app);
      expectProblem(await book(t.app, buyer.cookie, fourth.id), 409, MSG.order.tooManyHolds);
      expect(await listingStatus(t.app, fourth.id)).toBe("available");
      expect(await t.app.db.select().from(orders).where(eq(orders.listingId, fourth.id))).toHaveLength(0);
      expect(await heldCount(t.app, buyer.user.id)).toBe(3);

      // A hold that has run out does not count, swept or not.
      await passHold(t.app, held[0]!.id);
      const res = await book(t.app, buyer.cookie, fourth.id);
      expect(res.statusCode, res.body).toBe(201);
      expectProblem(
        await book(t.app, buyer.cookie, (await buildListing(t.app)).id),
        409,
        MSG.order.tooManyHolds,
      );

      // Cancelling one makes room again.
      expect((await cancel(t.app, buyer.cookie, held[1]!.id)).statusCode).toBe(200);
      expect((await book(t.app, buyer.cookie, (await buildListing(t.app)).id)).statusCode).toBe(201);
    });

    it("two bookings by one buyer with 2 held at the same moment: exactly one wins", async () => {
      const buyer = await signedInUser(t.app, { role: "buyer" });
      for (let i = 0; i < 2; i++) await bookOrder(t.app, buyer.cookie, (await buildListing(t.app)).id);
      const bikes = [await buildListing(t.app), await buildListing(t.app)];

      const results = await Promise.all(bikes.map((bike) => book(t.app, buyer.cookie, bike.id)));

      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expectProblem(results.find((r) => r.statusCode === 409)!, 409, MSG.order.tooManyHolds);
      expect(await heldCount(t.app, buyer.user.id)).toBe(3);
      const statuses = await Promise.all(bikes.map((bike) => listingStatus(t.app, bike.id)));
      expect(statuses.sort()).toEqual(["available", "sold"]);
    });
  });

  describe("expiry", () => {
    it("a passed hold reads expired at once; one sweep frees the bike, exactly once when two sweeps race", async () => {
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);
      const order = await bookOrder(t.app, buyer.cookie, listing.id);
      await passHold(t.app, order.id);

      // Before any sweep: the buyer's order already says expired, their page no longer "booked by you".
      const read = await getOrder(t.app, buyer.cookie, order.id);
      expect(read).toMatchObject({ status: "expired", holdUntil: null, paid: false });
      expect(read.endedAt).toBe((await orderRow(t.app, order.id)).holdUntil!.toISOString());
      expect((await listingDetail(t.app, listing.id, buyer.cookie)).myOrder).toBeNull();

      // Two nodes sweeping at the same moment (on PostgreSQL, two connections of the pool).
      const [a, b] = await Promise.all([sweepExpiredHolds(t.app.db), sweepExpiredHolds(t.app.db)]);
      const expiredNow = [...a, ...b].filter((o) => o.id === order.id);
      expect(expiredNow).toHaveLength(1);
      expect(await orderRow(t.app, order.id)).toMatchObject({
        status: "expired",
        endedAt: read.endedAt && new Date(read.endedAt),
      });
      expect(await listingStatus(t.app, listing.id)).toBe("available");
      expect((await listingDetail(t.app, listing.id)).listing.status).toBe("available");
      // The order reads as before the sweep (its bike is for sale now).
      const { listing: _then, ...readBefore } = read;
      const { listing: now, ...readAfter } = await getOrder(t.app, buyer.cookie, order.id);
      expect(readAfter).toEqual(readBefore);
      expect(now.status).toBe("available");

      // Later sweeps leave it alone.
      expect((await sweepExpiredHolds(t.app.db)).filter((o) => o.id === order.id)).toHaveLength(0);

      // For sale again: another buyer books it.
      const next = await signedInUser(t.app, { role: "buyer" });
      const again = await book(t.app, next.cookie, listing.id);
      expect(again.statusCode, again.body).toBe(201);
      expect(await t.app.db.select().from(orders).where(eq(orders.listingId, listing.id))).toHaveLength(2);
    });

    it("a hold that has run out but is not swept yet never blocks a new buyer", async () => {
      const first = await signedInUser(t.app, { role: "buyer" });
      const second = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);
      const old = await bookOrder(t.app, first.cookie, listing.id);
      await passHold(t.app, old.id);
      expect(await listingStatus(t.app, listing.id)).toBe("sold");

      const res = await book(t.app, second.cookie, listing.id);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().order).toMatchObject({ status: "held", listing: { status: "sold" } });
      // The booking expired the old hold itself; a sweep now finds nothing to do for it.
      expect(await orderRow(t.app, old.id)).toMatchObject({ status: "expired" });
      expect((await sweepExpiredHolds(t.app.db)).filter((o) => o.id === old.id)).toHaveLength(0);
      expect(await listingStatus(t.app, listing.id)).toBe("sold");
      expect((await listingDetail(t.app, listing.id, second.cookie)).myOrder).toMatchObject({
        status: "held",
      });
    });

    it("a sweep racing a new booking of the bike: the bike ends up held by the new buyer, the old hold expired once", async () => {
      const first = await signedInUser(t.app, { role: "buyer" });
      const second = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);
      const old = await bookOrder(t.app, first.cookie, listing.id);
      await passHold(t.app, old.id);

      const [swept, res] = await Promise.all([
        sweepExpiredHolds(t.app.db),
        book(t.app, second.cookie, listing.id),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      expect(swept.filter((o) => o.id === old.id).length).toBeLessThanOrEqual(1);
      expect(await orderRow(t.app, old.id)).toMatchObject({ status: "expired" });
      expect(await listingStatus(t.app, listing.id)).toBe("sold");
    });
  });

  describe("cancel (the buyer)", () => {
    it("ends the buyer's held booking: 200 with the order cancelled, the bike for sale again", async () => {
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);
      const order = await bookOrder(t.app, buyer.cookie, listing.id);

      const res = await cancel(t.app, buyer.cookie, order.id);
      expect(res.statusCode, res.body).toBe(200);
      const cancelled: Order = res.json().order;
      expect(cancelled).toMatchObject({
        id: order.id,
        status: "cancelled",
        holdUntil: null,
        paid: false,
        listing: { id: listing.id, status: "available" },
      });
      expect(Number.isNaN(Date.parse(cancelled.endedAt!))).toBe(false);
      expect(await listingStatus(t.app, listing.id)).toBe("available");
      expect((await listingDetail(t.app, listing.id, buyer.cookie)).myOrder).toBeNull();

      // Not held any more: 409 saying what it became, nothing changed.
      expectProblem(await cancel(t.app, buyer.cookie, order.id), 409, MSG.order.notHeld.cancelled);
      expect(await getOrder(t.app, buyer.cookie, order.id)).toEqual(cancelled);
    });

    it("another buyer's order 403, an unknown one 404, a seller or no one 403/401; nothing changed", async () => {
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const other = await signedInUser(t.app, { role: "buyer" });
      const seller = await signedInUser(t.app, { role: "seller" });
      const listing = await buildListing(t.app, { sellerId: seller.user.id });
      const order = await bookOrder(t.app, buyer.cookie, listing.id);

      expectProblem(await cancel(t.app, other.cookie, order.id), 403, MSG.order.notYours);
      expectProblem(await cancel(t.app, seller.cookie, order.id), 403, MSG.auth.forbidden);
      expectProblem(await cancel(t.app, undefined, order.id), 401, MSG.auth.notSignedIn);
      for (const id of ["6f1c2b9e-0000-4000-8000-000000000000", "nope"]) {
        expectProblem(await cancel(t.app, buyer.cookie, id), 404, MSG.order.notFound);
      }
      expect(await orderRow(t.app, order.id)).toMatchObject({ status: "held", endedAt: null });
      expect(await listingStatus(t.app, listing.id)).toBe("sold");
    });

    it("a hold that has run out cannot be cancelled: 409 expired", async () => {
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const order = await bookOrder(t.app, buyer.cookie, (await buildListing(t.app)).id);
      await passHold(t.app, order.id);
      expectProblem(await cancel(t.app, buyer.cookie, order.id), 409, MSG.order.notHeld.expired);
    });
  });

  describe("release (the bike's seller)", () => {
    it("ends an unpaid booking of the seller's bike: 204, the order released for its buyer, the bike for sale", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { sellerId: seller.user.id });
      const order = await bookOrder(t.app, buyer.cookie, listing.id);

      const res = await release(t.app, seller.cookie, order.id);
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe("");
      expect(await getOrder(t.app, buyer.cookie, order.id)).toMatchObject({
        status: "released",
        holdUntil: null,
        endedAt: expect.any(String),
        listing: { status: "available" },
      });
      expect(await listingStatus(t.app, listing.id)).toBe("available");

      expectProblem(await release(t.app, seller.cookie, order.id), 409, MSG.order.notHeld.released);
      expectProblem(await cancel(t.app, buyer.cookie, order.id), 409, MSG.order.notHeld.released);
    });

    it("another seller's bike 403, a buyer 403, no one 401, unknown 404; nothing changed", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const otherSeller = await signedInUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { sellerId: seller.user.id });
      const order = await bookOrder(t.app, buyer.cookie, listing.id);

      expectProblem(await release(t.app, otherSeller.cookie, order.id), 403, MSG.order.notYourBike);
      expectProblem(await release(t.app, buyer.cookie, order.id), 403, MSG.auth.forbidden);
      expectProblem(await release(t.app, undefined, order.id), 401, MSG.auth.notSignedIn);
      expectProblem(
        await release(t.app, seller.cookie, "6f1c2b9e-0000-4000-8000-000000000000"),
        404,
        MSG.order.notFound,
      );
      expect(await orderRow(t.app, order.id)).toMatchObject({ status: "held", endedAt: null });
      expect(await listingStatus(t.app, listing.id)).toBe("sold");
    });

    it("a buyer's cancel and the seller's release at the same moment: one ends it, the other is told", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { sellerId: seller.user.id });
      const order = await bookOrder(t.app, buyer.cookie, listing.id);

      const [c, r] = await Promise.all([
        cancel(t.app, buyer.cookie, order.id),
        release(t.app, seller.cookie, order.id),
      ]);
      const won = [c.statusCode, r.statusCode];
      expect(won.includes(200) !== won.includes(204), `${c.body} ${r.body}`).toBe(true);
      if (c.statusCode === 200) expectProblem(r, 409, MSG.order.notHeld.cancelled);
      else expectProblem(c, 409, MSG.order.notHeld.released);
      expect(await listingStatus(t.app, listing.id)).toBe("available");
    });
  });
});

describe("phone numbers at booking", () => {
  const t = setupTestApp();

  it.each([
    ["01712345678", "+8801712345678"],
    ["+8801712345678", "+8801712345678"],
    ["8801712345678", "+8801712345678"],
    ["01712-345678", "+8801712345678"],
    [" +880 1712-345 678 ", "+8801712345678"],
    ["880-1912-345678", "+8801912345678"],
    ["01312345678", "+8801312345678"],
  ])("%s is stored as %s", async (typed, stored) => {
    const { cookie } = await signedInUser(t.app, { role: "buyer" });
    const res = await book(t.app, cookie, (await buildListing(t.app)).id, { phone: typed });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.phone).toBe(stored);
    expect((await orderRow(t.app, res.json().order.id)).phone).toBe(stored);
  });

  it.each([
    ["too short", "0171234567"],
    ["too long", "017123456789"],
    ["no operator 01[3-9]", "01212345678"],
    ["a landline", "029123456"],
    ["another country", "+447911123456"],
    ["+88 without the 0", "+881712345678"],
    ["letters", "01712-34567a"],
    ["two plus signs", "++8801712345678"],
  ])("refuses %s (%s) with 400 saying what is expected; nothing booked", async (_what, phone) => {
    const { cookie } = await signedInUser(t.app, { role: "buyer" });
    const listing = await buildListing(t.app);
    const res = await book(t.app, cookie, listing.id, { phone });
    expectProblem(res, 400, MSG.order.phoneInvalid);
    expect(res.json().errors).toEqual({ phone: MSG.order.phoneInvalid });
    expect(await listingStatus(t.app, listing.id)).toBe("available");
  });

  it("an empty phone keeps 'you must provide your phone number'", async () => {
    const { cookie } = await signedInUser(t.app, { role: "buyer" });
    for (const phone of ["", "   ", undefined]) {
      const res = await book(t.app, cookie, (await buildListing(t.app)).id, { phone });
      expectProblem(res, 400, MSG.order.phoneRequired);
      expect(res.json().errors).toEqual({ phone: MSG.order.phoneRequired });
    }
  });
});
