import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { listings, orders } from "#server/db/schema.ts";
import { patchListing } from "#server/features/listings/testing.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

const booking = { phone: "+880 1711-000000", meetingLocation: "Dhanmondi 27, Dhaka" };

function book(app: FastifyInstance, cookie: string | undefined, payload: Record<string, unknown>) {
  return call(app, { method: "POST", url: "/api/orders", cookie, payload });
}

describe("orders", () => {
  /** One app and database for the file: every test makes its own users and bikes. */
  const t = setupTestApp();

  describe("booking a bike", () => {
    it("creates a held order, shows the bike as sold to others and keeps the price of the moment", async () => {
      const { cookie } = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { askingPrice: 123_000 });

      const res = await book(t.app, cookie, { listingId: listing.id, ...booking });
      expect(res.statusCode, res.body).toBe(201);
      const { order } = res.json();
      expect(order).toMatchObject({
        status: "held",
        holdUntil: expect.any(String),
        endedAt: null,
        receipt: null,
        price: 123_000,
        // "+880 1711-000000" as booking stores every Bangladeshi mobile number.
        phone: "+8801711000000",
        meetingLocation: booking.meetingLocation,
        paid: false,
        paidAt: null,
        listing: { id: listing.id, status: "sold", askingPrice: 123_000 },
      });

      const detail = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
      expect(detail.json().listing.status).toBe("sold");

      await t.app.db.update(listings).set({ askingPrice: 99_000 }).where(eq(listings.id, listing.id));
      const again = await call(t.app, { method: "GET", url: `/api/orders/${order.id}`, cookie });
      expect(again.json().order.price).toBe(123_000);
      expect(again.json().order.listing.askingPrice).toBe(99_000);
    });

    it("takes a phone typed in Bengali digits as the same number", async () => {
      const { cookie } = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);
      const res = await book(t.app, cookie, { ...booking, listingId: listing.id, phone: "০১৭১১-০০০০০০" });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().order.phone).toBe("+8801711000000");
    });

    it("refuses a bike that is already sold with 409 and the product's message", async () => {
      const first = await signedInUser(t.app, { role: "buyer" });
      const second = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);
      await bookOrder(t.app, first.cookie, listing.id);

      const res = await book(t.app, second.cookie, { listingId: listing.id, ...booking });
      expect(res.statusCode).toBe(409);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json()).toMatchObject({ status: 409, detail: MSG.order.justSold });
    });

    it("refuses a buyer their own bike with 403 (not 'just sold'), and leaves it for sale", async () => {
      // A seller who switched to buying still owns the listings they posted.
      const { user, cookie } = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { sellerId: user.id });
      const res = await book(t.app, cookie, { listingId: listing.id, ...booking });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().detail).toBe(MSG.order.ownBike);
      const detail = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
      expect(detail.json().listing.status).toBe("available");
      expect(await t.app.db.select().from(orders).where(eq(orders.listingId, listing.id))).toHaveLength(0);
    });

    it("lets only buyers book: 401 signed out, 403 for sellers and admins", async () => {
      const listing = await buildListing(t.app);
      const anonymous = await book(t.app, undefined, { listingId: listing.id, ...booking });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().detail).toBe(MSG.auth.notSignedIn);
      for (const role of ["seller", "admin"] as const) {
        const { cookie } = await signedInUser(t.app, { role });
        const res = await book(t.app, cookie, { listingId: listing.id, ...booking });
        expect(res.statusCode, role).toBe(403);
        expect(res.json().detail).toBe(MSG.auth.forbidden);
      }
      const detail = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
      expect(detail.json().listing.status).toBe("available");
    });

    it("answers 404 for an unknown or malformed listing id", async () => {
      const { cookie } = await signedInUser(t.app, { role: "buyer" });
      for (const listingId of ["6f1c2b9e-0000-4000-8000-000000000000", "not-a-uuid"]) {
        const res = await book(t.app, cookie, { listingId, ...booking });
        expect(res.statusCode, listingId).toBe(404);
        expect(res.json().detail).toBe(MSG.listing.notFound);
      }
    });

    it("says which booking field is missing or wrong, and books nothing", async () => {
      const { cookie } = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);

      const empty = await book(t.app, cookie, { listingId: listing.id, phone: "  ", meetingLocation: "" });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({
        phone: MSG.order.phoneRequired,
        meetingLocation: MSG.order.locationRequired,
      });

      const missing = await book(t.app, cookie, { listingId: listing.id });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({
        phone: MSG.order.phoneRequired,
        meetingLocation: MSG.order.locationRequired,
      });

      const badPhone = await book(t.app, cookie, { ...booking, listingId: listing.id, phone: "call me" });
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json()).toMatchObject({
        detail: MSG.order.phoneInvalid,
        errors: { phone: MSG.order.phoneInvalid },
      });

      const detail = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
      expect(detail.json().listing.status).toBe("available");
    });
  });

  describe("booking at the price the buyer saw (expectedPrice)", () => {
    it("the seller changed the price since: 409 'price changed', nothing booked; at the new price: 201", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const { cookie } = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { sellerId: seller.user.id, askingPrice: 150_000 });
      // The buyer opened the book dialog at ৳150,000; the seller raises the price meanwhile.
      const edit = await patchListing(t.app, seller.cookie, listing.id, { askingPrice: 185_000 });
      expect(edit.statusCode, edit.body).toBe(200);

      const stale = await book(t.app, cookie, { listingId: listing.id, expectedPrice: 150_000, ...booking });
      expectProblem(stale, 409, MSG.order.priceChanged);
      expect(await t.app.db.select().from(orders).where(eq(orders.listingId, listing.id))).toHaveLength(0);
      const detail = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
      expect(detail.json().listing).toMatchObject({ status: "available", askingPrice: 185_000 });

      const res = await book(t.app, cookie, { listingId: listing.id, expectedPrice: 185_000, ...booking });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().order).toMatchObject({ price: 185_000, listing: { status: "sold" } });
    });

    it("a sold bike is 'just sold' whatever price is sent", async () => {
      const first = await signedInUser(t.app, { role: "buyer" });
      const second = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { askingPrice: 150_000 });
      await bookOrder(t.app, first.cookie, listing.id);
      for (const expectedPrice of [150_000, 99_000]) {
        const res = await book(t.app, second.cookie, { listingId: listing.id, expectedPrice, ...booking });
        expectProblem(res, 409, MSG.order.justSold);
      }
    });

    it("a price that is not whole taka: 400 naming expectedPrice, nothing booked", async () => {
      const { cookie } = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { askingPrice: 150_000 });
      for (const expectedPrice of ["150000", 150_000.5, 0, -1, null, true]) {
        const res = await book(t.app, cookie, { listingId: listing.id, expectedPrice, ...booking });
        expectProblem(res, 400, MSG.listing.filterWholeNumber);
        expect(res.json().errors).toEqual({ expectedPrice: MSG.listing.filterWholeNumber });
      }
      const detail = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
      expect(detail.json().listing.status).toBe("available");
    });
  });

  describe("fifty buyers booking one bike at the same moment", () => {
    it("sells it exactly once: one 201, forty-nine 409, no server error, one order row", async () => {
      const listing = await buildListing(t.app);
      const buyers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => signedInUser(t.app, { role: "buyer", name: `Racer ${i}` })),
      );

      const results = await Promise.all(
        buyers.map(({ cookie }) => book(t.app, cookie, { listingId: listing.id, ...booking })),
      );

      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      for (const r of results.filter((x) => x.statusCode === 409)) {
        expect(r.json().detail).toBe(MSG.order.justSold);
      }
      const rows = await t.app.db.select().from(orders).where(eq(orders.listingId, listing.id));
      expect(rows).toHaveLength(1);
      const winner = buyers[statuses.indexOf(201)]!;
      expect(rows[0]!.buyerId).toBe(winner.user.id);
    });
  });
});
