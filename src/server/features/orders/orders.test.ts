import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { listings, orders, users } from "#server/db/schema.ts";
import { call, setupTestApp } from "#server/test/app.ts";
import { buildListing, buildUser, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

const booking = { phone: "+880 1711-000000", meetingLocation: "Dhanmondi 27, Dhaka" };

function book(app: FastifyInstance, cookie: string | undefined, payload: Record<string, unknown>) {
  return call(app, { method: "POST", url: "/api/orders", cookie, payload });
}

describe("orders", () => {
  /** One app and database for the file: every test makes its own users and bikes. */
  const t = setupTestApp();

  describe("booking a bike", () => {
    it("creates the order, marks the listing sold and keeps the price of the moment", async () => {
      const { cookie } = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { askingPrice: 123_000 });

      const res = await book(t.app, cookie, { listingId: listing.id, ...booking });
      expect(res.statusCode, res.body).toBe(201);
      const { order } = res.json();
      expect(order).toMatchObject({
        price: 123_000,
        phone: booking.phone,
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

    it("refuses a bike that is already sold with 409 and the product's message", async () => {
      const first = await signedInUser(t.app, { role: "buyer" });
      const second = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);
      expect((await book(t.app, first.cookie, { listingId: listing.id, ...booking })).statusCode).toBe(201);

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

  describe("my orders", () => {
    it("shows the buyer every field of each of their orders, newest first, and nobody else's", async () => {
      const seller = await buildUser(t.app, { role: "seller", name: "Rahim Motors" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const other = await signedInUser(t.app, { role: "buyer" });
      const older = await buildListing(t.app, {
        sellerId: seller.id,
        model: "Yamaha FZS",
        askingPrice: 180_000,
      });
      const newer = await buildListing(t.app, {
        sellerId: seller.id,
        model: "Honda CB Hornet",
        askingPrice: 210_000,
      });
      const othersBike = await buildListing(t.app);
      expect((await book(t.app, buyer.cookie, { listingId: older.id, ...booking })).statusCode).toBe(201);
      expect(
        (
          await book(t.app, buyer.cookie, {
            listingId: newer.id,
            phone: "01811-222333",
            meetingLocation: "Agrabad, Chattogram",
          })
        ).statusCode,
      ).toBe(201);
      expect((await book(t.app, other.cookie, { listingId: othersBike.id, ...booking })).statusCode).toBe(
        201,
      );

      const res = await call(t.app, { method: "GET", url: "/api/me/orders", cookie: buyer.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const { items, nextCursor } = res.json();
      expect(nextCursor).toBeNull();
      expect(items.map((o: { listing: { model: string } }) => o.listing.model)).toEqual([
        "Honda CB Hornet",
        "Yamaha FZS",
      ]);
      const [latest] = items;
      expect(latest).toEqual({
        id: expect.any(String),
        bookedAt: expect.any(String),
        price: 210_000,
        phone: "01811-222333",
        meetingLocation: "Agrabad, Chattogram",
        paid: false,
        paidAt: null,
        listing: expect.objectContaining({
          id: newer.id,
          model: "Honda CB Hornet",
          brand: "Bajaj",
          engineCc: 150,
          category: { slug: "commuter", label: expect.any(String) },
          brandNewPrice: 200_000,
          askingPrice: 210_000,
          totalUsed: "2 years",
          postedAt: newer.createdAt.toISOString(),
          status: "sold",
          photo: expect.objectContaining({ src: expect.any(String) }),
          seller: expect.objectContaining({ id: seller.id, name: "Rahim Motors", verified: false }),
        }),
      });
      expect(Number.isNaN(Date.parse(latest.bookedAt))).toBe(false);
    });

    it("walks a buyer's orders page by page without repeats", async () => {
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const bikes = [];
      for (let i = 0; i < 3; i++) {
        const listing = await buildListing(t.app);
        bikes.push(listing.id);
        expect((await book(t.app, buyer.cookie, { listingId: listing.id, ...booking })).statusCode).toBe(201);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/me/orders?limit=1${cursor ? `&cursor=${cursor}` : ""}`;
        const res = await call(t.app, { method: "GET", url, cookie: buyer.cookie });
        expect(res.statusCode).toBe(200);
        const page = res.json();
        expect(page.items).toHaveLength(1);
        seen.push(page.items[0].listing.id);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...bikes].reverse());
    });

    it("lets a buyer open their own order only: another buyer 403, unknown 404", async () => {
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const other = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);
      const { order } = (await book(t.app, buyer.cookie, { listingId: listing.id, ...booking })).json();

      const own = await call(t.app, { method: "GET", url: `/api/orders/${order.id}`, cookie: buyer.cookie });
      expect(own.statusCode).toBe(200);
      expect(own.json().order).toEqual(order);

      const foreign = await call(t.app, {
        method: "GET",
        url: `/api/orders/${order.id}`,
        cookie: other.cookie,
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().detail).toBe(MSG.order.notYours);

      for (const id of ["6f1c2b9e-0000-4000-8000-000000000000", "nope"]) {
        const unknown = await call(t.app, { method: "GET", url: `/api/orders/${id}`, cookie: buyer.cookie });
        expect(unknown.statusCode, id).toBe(404);
        expect(unknown.json().detail).toBe(MSG.order.notFound);
      }
    });
  });

  describe("my buyers", () => {
    it("lists each distinct buyer of the seller's sold bikes once, with the latest phone", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const otherSeller = await signedInUser(t.app, { role: "seller" });
      const loyal = await signedInUser(t.app, { role: "buyer", name: "Loyal Buyer" });
      const once = await signedInUser(t.app, { role: "buyer", name: "One-time Buyer" });
      const elsewhere = await signedInUser(t.app, { role: "buyer", name: "Elsewhere Buyer" });

      const b1 = await buildListing(t.app, { sellerId: seller.user.id });
      const b2 = await buildListing(t.app, { sellerId: seller.user.id });
      const b3 = await buildListing(t.app, { sellerId: seller.user.id });
      const foreign = await buildListing(t.app, { sellerId: otherSeller.user.id });
      await buildListing(t.app, { sellerId: seller.user.id });

      const ok = async (cookie: string, listingId: string, phone: string) =>
        expect((await book(t.app, cookie, { ...booking, listingId, phone })).statusCode).toBe(201);
      await ok(loyal.cookie, b1.id, "01700-000001");
      await ok(once.cookie, b2.id, "01700-000002");
      await ok(loyal.cookie, b3.id, "01700-000003");
      await ok(elsewhere.cookie, foreign.id, "01700-000004");

      const res = await call(t.app, { method: "GET", url: "/api/me/buyers", cookie: seller.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        items: [
          {
            id: loyal.user.id,
            name: "Loyal Buyer",
            email: loyal.user.email,
            photo: null,
            phone: "01700-000003",
          },
          {
            id: once.user.id,
            name: "One-time Buyer",
            email: once.user.email,
            photo: null,
            phone: "01700-000002",
          },
        ],
        nextCursor: null,
      });

      const theirs = await call(t.app, { method: "GET", url: "/api/me/buyers", cookie: otherSeller.cookie });
      expect(theirs.json().items.map((b: { id: string }) => b.id)).toEqual([elsewhere.user.id]);
    });

    it("shows a buyer's profile photo with its size", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { sellerId: seller.user.id });
      // The factory's photo (96 × 64) as the buyer's profile photo.
      await t.app.db.update(users).set({ photoKey: listing.photoKey }).where(eq(users.id, buyer.user.id));
      expect((await book(t.app, buyer.cookie, { listingId: listing.id, ...booking })).statusCode).toBe(201);

      const res = await call(t.app, { method: "GET", url: "/api/me/buyers", cookie: seller.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toEqual([
        expect.objectContaining({
          id: buyer.user.id,
          photo: {
            src: expect.stringContaining(listing.photoKey!),
            srcSet: expect.stringContaining(listing.photoKey!),
            width: 96,
            height: 64,
          },
        }),
      ]);
    });

    it("is an empty list for a seller whose bikes have not sold", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      await buildListing(t.app, { sellerId: seller.user.id });
      const res = await call(t.app, { method: "GET", url: "/api/me/buyers", cookie: seller.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [], nextCursor: null });
    });

    it("pages through buyers with limit=1 without repeats", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const buyers = [];
      for (let i = 0; i < 3; i++) {
        const buyer = await signedInUser(t.app, { role: "buyer" });
        const listing = await buildListing(t.app, { sellerId: seller.user.id });
        expect((await book(t.app, buyer.cookie, { listingId: listing.id, ...booking })).statusCode).toBe(201);
        buyers.push(buyer.user.id);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/me/buyers?limit=1${cursor ? `&cursor=${cursor}` : ""}`;
        const page = (await call(t.app, { method: "GET", url, cookie: seller.cookie })).json();
        expect(page.items).toHaveLength(1);
        seen.push(page.items[0].id);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...buyers].reverse());
    });
  });
});

/*
 * Mutation testing of service.ts (README "Testing"): 100 %, 77 of 77 killed with this file and
 * payments/payments.test.ts; no mutant left alive. The column list (orderFields) is a function so
 * that its mutants are checked: as a module-level constant the runner never reloaded it for a mutant.
 */
