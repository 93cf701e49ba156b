import { describe, expect, it } from "vitest";
import { call, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, buildUser, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

describe("orders", () => {
  /** One app and database for the file: every test makes its own users and bikes. */
  const t = setupTestApp();

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
      await bookOrder(t.app, buyer.cookie, older.id);
      await bookOrder(t.app, buyer.cookie, newer.id, {
        phone: "01811-222333",
        meetingLocation: "Agrabad, Chattogram",
      });
      await bookOrder(t.app, other.cookie, othersBike.id);

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
        status: "held",
        holdUntil: expect.any(String),
        endedAt: null,
        receipt: null,
        bookedAt: expect.any(String),
        price: 210_000,
        phone: "+8801811222333",
        meetingLocation: "Agrabad, Chattogram",
        paid: false,
        paidAt: null,
        cash: null,
        handover: null,
        // The seller has given no phone.
        sellerPhone: null,
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
        await bookOrder(t.app, buyer.cookie, listing.id);
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
      const order = await bookOrder(t.app, buyer.cookie, listing.id);

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
});

/*
 * Mutation testing of service.ts and presenter.ts (both in stryker.config.mjs; README "Testing"):
 * 100 %, 77 of 77 killed, no mutant left alive. Measured with orders.test.ts and
 * payments/payments.test.ts before their splits (into this file and booking.test.ts; into
 * payments.test.ts and card-checks.test.ts), and when all of it was in service.ts: since then the
 * order columns and mapping (orderColumns, toOrder) and the buyer's (toBuyer) moved to
 * presenter.ts, My buyers' person columns and mapping to features/people/presenter.ts; My buyers
 * became the seller's bookings (seller.ts, tested in seller.test.ts; not yet mutation-tested). The column
 * lists are functions so that their mutants are checked: as a module-level constant the runner
 * never reloaded them for a mutant.
 */
