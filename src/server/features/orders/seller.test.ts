import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { orders, users } from "#server/db/schema.ts";
import { card, confirm, GOOD_CARD, openIntent } from "#server/features/payments/testing.ts";
import { call, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, buildUser, signedInUser } from "#server/test/factories.ts";
import type { MyListing } from "#shared/schemas/listings.ts";
import type { SellerBooking } from "#shared/schemas/orders.ts";

async function myBuyers(app: FastifyInstance, cookie: string, query = ""): Promise<SellerBooking[]> {
  const res = await call(app, { method: "GET", url: `/api/me/buyers${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["cache-control"]).toBe("private, no-store");
  return res.json().items;
}

async function myListings(app: FastifyInstance, cookie: string): Promise<MyListing[]> {
  const res = await call(app, { method: "GET", url: "/api/me/listings?limit=100", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

async function pay(app: FastifyInstance, cookie: string, orderId: string) {
  const intent = await openIntent(app, cookie, orderId);
  const res = await confirm(app, cookie, intent, { card: card(GOOD_CARD) });
  expect(res.statusCode, res.body).toBe(200);
}

/** A hold whose time ran out a minute ago, not swept yet: every read shows it expired. */
async function runOut(app: FastifyInstance, orderId: string) {
  await app.db
    .update(orders)
    .set({ holdUntil: sql`now() - interval '1 minute'` })
    .where(eq(orders.id, orderId));
}

const isoTime = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe("the seller's side of orders", () => {
  /** One app and database for the file: every test makes its own users and bikes. */
  const t = setupTestApp();

  describe("My buyers: the bookings of the seller's bikes", () => {
    it("shows each booking with its bike, buyer, contact, place, dates and state, newest first", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const nadia = await signedInUser(t.app, { role: "buyer", name: "Nadia Islam" });
      const rafi = await signedInUser(t.app, { role: "buyer", name: "Rafi Ahmed" });
      const fz = await buildListing(t.app, {
        sellerId: seller.user.id,
        model: "Yamaha FZS",
        askingPrice: 180_000,
      });
      const gixxer = await buildListing(t.app, { sellerId: seller.user.id, model: "Suzuki Gixxer" });
      await buildListing(t.app, { sellerId: seller.user.id });
      const before = Date.now();
      const first = await bookOrder(t.app, nadia.cookie, fz.id, {
        phone: "01712 345678",
        meetingLocation: "Dhanmondi 27, Dhaka",
      });
      const second = await bookOrder(t.app, rafi.cookie, gixxer.id, { phone: "+8801911-222333" });

      const items = await myBuyers(t.app, seller.cookie);
      expect(items.map((b) => b.id)).toEqual([second.id, first.id]);
      expect(items[1]).toEqual({
        id: first.id,
        status: "held",
        holdUntil: isoTime,
        bookedAt: isoTime,
        paidAt: null,
        endedAt: null,
        price: 180_000,
        meetingLocation: "Dhanmondi 27, Dhaka",
        listing: {
          id: fz.id,
          model: "Yamaha FZS",
          photo: {
            src: expect.stringContaining(fz.photoKey),
            srcSet: expect.stringContaining(fz.photoKey),
            width: 96,
            height: 64,
          },
        },
        buyer: {
          id: nadia.user.id,
          name: "Nadia Islam",
          email: nadia.user.email,
          photo: null,
          // Stored in one form however it was typed; the page shows it as 01712-345678.
          phone: "+8801712345678",
        },
        cash: null,
        paidWith: null,
        handover: null,
      });
      expect(Date.parse(items[1]!.bookedAt)).toBeGreaterThanOrEqual(before - 1000);
      // Held for BOOKING_HOLD_MINUTES (48 hours by default) from the booking.
      const held = Date.parse(items[1]!.holdUntil!) - Date.parse(items[1]!.bookedAt);
      expect(held).toBeGreaterThan(47 * 3600_000);
      expect(held).toBeLessThanOrEqual(48 * 3600_000 + 1000);
      expect(items[0]!.buyer).toMatchObject({ name: "Rafi Ahmed", phone: "+8801911222333" });
    });

    it("shows a seller only the bookings of their own bikes", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const otherSeller = await signedInUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const mine = await buildListing(t.app, { sellerId: seller.user.id });
      const theirs = await buildListing(t.app, { sellerId: otherSeller.user.id });
      const myOrder = await bookOrder(t.app, buyer.cookie, mine.id);
      const theirOrder = await bookOrder(t.app, buyer.cookie, theirs.id);

      expect((await myBuyers(t.app, seller.cookie)).map((b) => b.id)).toEqual([myOrder.id]);
      expect((await myBuyers(t.app, otherSeller.cookie)).map((b) => b.id)).toEqual([theirOrder.id]);
    });

    it("keeps the buyer's email and phone for a paid booking, with its payment date", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { sellerId: seller.user.id });
      const order = await bookOrder(t.app, buyer.cookie, listing.id);
      await pay(t.app, buyer.cookie, order.id);

      const [booking] = await myBuyers(t.app, seller.cookie);
      expect(booking).toMatchObject({
        id: order.id,
        status: "paid",
        holdUntil: null,
        paidAt: isoTime,
        endedAt: null,
        buyer: { email: buyer.user.email, phone: "+8801711000000" },
      });
    });

    it("hides the buyer's email and phone once a booking has ended: cancelled, released or expired", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer", name: "Gone Buyer" });
      const [a, b, c] = [
        await buildListing(t.app, { sellerId: seller.user.id }),
        await buildListing(t.app, { sellerId: seller.user.id }),
        await buildListing(t.app, { sellerId: seller.user.id }),
      ];
      const cancelled = await bookOrder(t.app, buyer.cookie, a.id);
      const released = await bookOrder(t.app, buyer.cookie, b.id);
      const expired = await bookOrder(t.app, buyer.cookie, c.id);
      const cancel = await call(t.app, {
        method: "POST",
        url: `/api/orders/${cancelled.id}/cancel`,
        cookie: buyer.cookie,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const release = await call(t.app, {
        method: "POST",
        url: `/api/orders/${released.id}/release`,
        cookie: seller.cookie,
      });
      expect(release.statusCode, release.body).toBe(204);
      await runOut(t.app, expired.id);

      const items = await myBuyers(t.app, seller.cookie);
      expect(items.map((i) => [i.id, i.status])).toEqual([
        [expired.id, "expired"],
        [released.id, "released"],
        [cancelled.id, "cancelled"],
      ]);
      for (const item of items) {
        expect(item.buyer, item.status).toEqual({
          id: buyer.user.id,
          name: "Gone Buyer",
          photo: null,
          email: null,
          phone: null,
        });
        expect(item.holdUntil, item.status).toBeNull();
        expect(item.endedAt, item.status).toEqual(isoTime);
        expect(item.paidAt, item.status).toBeNull();
      }
    });

    it("lists a bike booked again after a hold ended twice: the ended booking and the live one", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const first = await signedInUser(t.app, { role: "buyer", name: "First" });
      const second = await signedInUser(t.app, { role: "buyer", name: "Second" });
      const listing = await buildListing(t.app, { sellerId: seller.user.id });
      const ended = await bookOrder(t.app, first.cookie, listing.id);
      await call(t.app, { method: "POST", url: `/api/orders/${ended.id}/cancel`, cookie: first.cookie });
      const live = await bookOrder(t.app, second.cookie, listing.id);

      const items = await myBuyers(t.app, seller.cookie);
      expect(items.map((i) => [i.buyer.name, i.status, i.listing.id, i.buyer.email])).toEqual([
        ["Second", "held", listing.id, second.user.email],
        ["First", "cancelled", listing.id, null],
      ]);
      expect(live.id).toBe(items[0]!.id);
    });

    it("shows a buyer's profile photo with its size", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { sellerId: seller.user.id });
      // The factory's photo (96 × 64) as the buyer's profile photo.
      await t.app.db.update(users).set({ photoKey: listing.photoKey }).where(eq(users.id, buyer.user.id));
      await bookOrder(t.app, buyer.cookie, listing.id);

      const [booking] = await myBuyers(t.app, seller.cookie);
      expect(booking!.buyer.photo).toEqual({
        src: expect.stringContaining(listing.photoKey),
        srcSet: expect.stringContaining(listing.photoKey),
        width: 96,
        height: 64,
      });
    });

    it("is an empty list for a seller whose bikes have not been booked", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      await buildListing(t.app, { sellerId: seller.user.id });
      const res = await call(t.app, { method: "GET", url: "/api/me/buyers", cookie: seller.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [], nextCursor: null });
    });

    it("pages through bookings with limit=1 without repeats", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const made = [];
      for (let i = 0; i < 3; i++) {
        const buyer = await signedInUser(t.app, { role: "buyer" });
        const listing = await buildListing(t.app, { sellerId: seller.user.id });
        made.push((await bookOrder(t.app, buyer.cookie, listing.id)).id);
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
      expect(seen).toEqual([...made].reverse());
    });

    it("is for sellers: 401 signed out, 403 for a buyer and an admin", async () => {
      expect((await call(t.app, { method: "GET", url: "/api/me/buyers" })).statusCode).toBe(401);
      for (const role of ["buyer", "admin"] as const) {
        const { cookie } = await signedInUser(t.app, { role });
        const res = await call(t.app, { method: "GET", url: "/api/me/buyers", cookie });
        expect(res.statusCode, role).toBe(403);
      }
    });
  });

  describe("My products: who holds or bought each bike", () => {
    it("names the buyer of a held and of a paid bike; a bike for sale has no order", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const holder = await signedInUser(t.app, { role: "buyer", name: "Holder Hasan" });
      const payer = await signedInUser(t.app, { role: "buyer", name: "Payer Parvin" });
      const forSale = await buildListing(t.app, { sellerId: seller.user.id });
      const held = await buildListing(t.app, { sellerId: seller.user.id });
      const sold = await buildListing(t.app, { sellerId: seller.user.id });
      const heldOrder = await bookOrder(t.app, holder.cookie, held.id);
      await pay(t.app, payer.cookie, (await bookOrder(t.app, payer.cookie, sold.id)).id);

      const byId = new Map((await myListings(t.app, seller.cookie)).map((l) => [l.id, l]));
      expect(byId.get(forSale.id)).toMatchObject({ status: "available", order: null });
      expect(byId.get(held.id)).toMatchObject({
        status: "sold",
        order: { status: "held", holdUntil: heldOrder.holdUntil, buyerName: "Holder Hasan" },
      });
      expect(byId.get(sold.id)).toMatchObject({
        status: "sold",
        order: { status: "paid", holdUntil: null, buyerName: "Payer Parvin" },
      });
    });

    it("drops the name once the booking ends or its time runs out", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const cancelled = await buildListing(t.app, { sellerId: seller.user.id });
      const ranOut = await buildListing(t.app, { sellerId: seller.user.id });
      const c = await bookOrder(t.app, buyer.cookie, cancelled.id);
      await call(t.app, { method: "POST", url: `/api/orders/${c.id}/cancel`, cookie: buyer.cookie });
      await runOut(t.app, (await bookOrder(t.app, buyer.cookie, ranOut.id)).id);

      const byId = new Map((await myListings(t.app, seller.cookie)).map((l) => [l.id, l]));
      expect(byId.get(cancelled.id)).toMatchObject({ status: "available", order: null });
      expect(byId.get(ranOut.id)!.order).toBeNull();
    });

    it("never shows another seller's buyer", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const other = await buildUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      await bookOrder(t.app, buyer.cookie, (await buildListing(t.app, { sellerId: other.id })).id);
      await buildListing(t.app, { sellerId: seller.user.id });
      const mine = await myListings(t.app, seller.cookie);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.order).toBeNull();
    });
  });
});
