import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { call, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, buildUser, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

const UNKNOWN_ID = "6f1c2b9e-0000-4000-8000-000000000000";

/** Every row of a paged admin list, walked with the given page size; fails on a repeated id. */
async function walk(app: FastifyInstance, cookie: string, path: string, limit: number) {
  const ids: string[] = [];
  const rows: { id: string }[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
    const res = await call(app, { method: "GET", url, cookie });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    for (const row of page.items) {
      expect(ids).not.toContain(row.id);
      ids.push(row.id);
      rows.push(row);
    }
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

describe("admin", () => {
  /** One app and database for the file: every test makes its own users and bikes. */
  const t = setupTestApp();

  describe("all sellers", () => {
    it("lists sellers only, each with the verified flag, their listings count and join date", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const before = Date.now();
      const seller = await buildUser(t.app, { role: "seller", name: "Karim Bikes" });
      const idle = await buildUser(t.app, { role: "seller", name: "Idle Seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      // Two for sale, one booked (sold counts too), one removed by an admin (gone from the market).
      await buildListing(t.app, { sellerId: seller.id });
      await buildListing(t.app, { sellerId: seller.id });
      await bookOrder(t.app, buyer.cookie, (await buildListing(t.app, { sellerId: seller.id })).id);
      await buildListing(t.app, { sellerId: seller.id, hidden: true });

      const res = await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const items: { id: string; joinedAt: string }[] = res.json().items;
      const karim = items.find((s) => s.id === seller.id)!;
      expect(karim).toEqual({
        id: seller.id,
        name: "Karim Bikes",
        email: seller.email,
        photo: null,
        verified: false,
        listings: 3,
        joinedAt: expect.any(String),
      });
      const joined = Date.parse(karim.joinedAt);
      expect(joined).toBeGreaterThanOrEqual(before - 1000);
      expect(joined).toBeLessThanOrEqual(Date.now() + 1000);
      expect(items.find((s) => s.id === idle.id)).toMatchObject({ listings: 0 });
      const ids = items.map((s) => s.id);
      expect(ids).not.toContain(buyer.user.id);
      expect(ids).not.toContain(admin.user.id);
    });

    it("pages through sellers with limit=1, every seller once", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const made = [];
      for (let i = 0; i < 3; i++) made.push((await buildUser(t.app, { role: "seller" })).id);
      const all = (
        await call(t.app, { method: "GET", url: "/api/admin/sellers?limit=100", cookie: admin.cookie })
      )
        .json()
        .items.map((s: { id: string }) => s.id);
      const walked = (await walk(t.app, admin.cookie, "/api/admin/sellers", 1)).map((s) => s.id);
      expect(walked).toEqual(all);
      expect(walked).toEqual(expect.arrayContaining(made));
    });

    it("verifies a seller idempotently; the tick shows on their listings and on orders of their bikes", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const seller = await buildUser(t.app, { role: "seller", name: "Trusted Seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const sold = await buildListing(t.app, { sellerId: seller.id });
      const unsold = await buildListing(t.app, { sellerId: seller.id });
      await bookOrder(t.app, buyer.cookie, sold.id);
      const before = await call(t.app, { method: "GET", url: `/api/listings/${unsold.id}` });
      expect(before.json().listing.seller.verified).toBe(false);

      const verify = () =>
        call(t.app, { method: "POST", url: `/api/admin/sellers/${seller.id}/verify`, cookie: admin.cookie });
      for (let i = 0; i < 2; i++) {
        const res = await verify();
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          seller: {
            id: seller.id,
            name: "Trusted Seller",
            email: seller.email,
            photo: null,
            verified: true,
            listings: 2,
            joinedAt: expect.any(String),
          },
        });
      }

      const listing = await call(t.app, { method: "GET", url: `/api/listings/${unsold.id}` });
      expect(listing.json().listing.seller).toMatchObject({ id: seller.id, verified: true });
      const orders = await call(t.app, { method: "GET", url: "/api/me/orders", cookie: buyer.cookie });
      expect(orders.json().items[0].listing.seller).toMatchObject({ id: seller.id, verified: true });
      const sellers = await call(t.app, {
        method: "GET",
        url: "/api/admin/sellers?limit=100",
        cookie: admin.cookie,
      });
      expect(sellers.json().items).toContainEqual(expect.objectContaining({ id: seller.id, verified: true }));
    });

    it("answers 404 when verifying or unverifying a buyer, an admin or an unknown id", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const buyer = await buildUser(t.app, { role: "buyer" });
      for (const method of ["POST", "DELETE"] as const) {
        for (const id of [buyer.id, admin.user.id, UNKNOWN_ID, "not-a-uuid"]) {
          const res = await call(t.app, {
            method,
            url: `/api/admin/sellers/${id}/verify`,
            cookie: admin.cookie,
          });
          expect(res.statusCode, `${method} ${id}`).toBe(404);
          expect(res.json().detail).toBe(MSG.admin.sellerNotFound);
        }
      }
    });

    it("undoes a verification: the tick leaves the seller's listings; unverifying again changes nothing", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const seller = await buildUser(t.app, { role: "seller", name: "Hasty Tick" });
      const listing = await buildListing(t.app, { sellerId: seller.id });
      const url = `/api/admin/sellers/${seller.id}/verify`;
      expect((await call(t.app, { method: "POST", url, cookie: admin.cookie })).statusCode).toBe(200);
      expect(
        (await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` })).json().listing.seller,
      ).toMatchObject({ verified: true });

      for (let i = 0; i < 2; i++) {
        const res = await call(t.app, { method: "DELETE", url, cookie: admin.cookie });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().seller).toMatchObject({
          id: seller.id,
          name: "Hasty Tick",
          verified: false,
          listings: 1,
        });
      }
      const after = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
      expect(after.json().listing.seller).toMatchObject({ id: seller.id, verified: false });
      const page = await call(t.app, { method: "GET", url: `/api/sellers/${seller.id}` });
      expect(page.json().seller.verified).toBe(false);
    });

    it("lets only an admin take a tick off: 401 signed out, 403 for the seller themself and a buyer", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const seller = await signedInUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const url = `/api/admin/sellers/${seller.user.id}/verify`;
      expect((await call(t.app, { method: "POST", url, cookie: admin.cookie })).statusCode).toBe(200);

      expect((await call(t.app, { method: "DELETE", url })).statusCode).toBe(401);
      for (const who of [seller, buyer]) {
        const res = await call(t.app, { method: "DELETE", url, cookie: who.cookie });
        expect(res.statusCode, who.user.role).toBe(403);
        expect(res.json().detail).toBe(MSG.auth.forbidden);
      }
      const sellers = await call(t.app, {
        method: "GET",
        url: "/api/admin/sellers?limit=100",
        cookie: admin.cookie,
      });
      expect(sellers.json().items).toContainEqual(
        expect.objectContaining({ id: seller.user.id, verified: true }),
      );
    });
  });

  describe("deleted accounts", () => {
    it("are in neither All sellers nor All buyers; verifying or unverifying a deleted seller is 404", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const seller = await signedInUser(t.app, { role: "seller" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      for (const gone of [seller, buyer]) {
        const res = await call(t.app, {
          method: "DELETE",
          url: "/api/me",
          cookie: gone.cookie,
          payload: { password: gone.user.password },
        });
        expect(res.statusCode, res.body).toBe(204);
      }
      for (const path of ["/api/admin/sellers", "/api/admin/buyers"]) {
        const res = await call(t.app, { method: "GET", url: `${path}?limit=100`, cookie: admin.cookie });
        expect(res.statusCode).toBe(200);
        const ids = res.json().items.map((r: { id: string }) => r.id);
        expect(ids, path).not.toContain(seller.user.id);
        expect(ids, path).not.toContain(buyer.user.id);
      }
      for (const method of ["POST", "DELETE"] as const) {
        const res = await call(t.app, {
          method,
          url: `/api/admin/sellers/${seller.user.id}/verify`,
          cookie: admin.cookie,
        });
        expect(res.statusCode, method).toBe(404);
        expect(res.json().detail).toBe(MSG.admin.sellerNotFound);
      }
    });
  });

  describe("all buyers", () => {
    it("lists every buyer account, newest first, booked or not, with their bookings count and join date", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const twice = await signedInUser(t.app, { role: "buyer", name: "Twice" });
      const once = await signedInUser(t.app, { role: "buyer", name: "Once" });
      const never = await buildUser(t.app, { role: "buyer", name: "Never" });
      const seller = await buildUser(t.app, { role: "seller" });
      const [a, b, c] = await Promise.all([buildListing(t.app), buildListing(t.app), buildListing(t.app)]);
      await bookOrder(t.app, twice.cookie, a!.id);
      await bookOrder(t.app, once.cookie, b!.id);
      await bookOrder(t.app, twice.cookie, c!.id);

      const res = await call(t.app, {
        method: "GET",
        url: "/api/admin/buyers?limit=100",
        cookie: admin.cookie,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const items: { id: string; joinedAt: string }[] = res.json().items;
      const mine = items.filter((r) => [twice.user.id, once.user.id, never.id].includes(r.id));
      const joined = { joinedAt: expect.any(String) };
      expect(mine).toEqual([
        { id: never.id, name: "Never", email: never.email, photo: null, bookings: 0, ...joined },
        { id: once.user.id, name: "Once", email: once.user.email, photo: null, bookings: 1, ...joined },
        { id: twice.user.id, name: "Twice", email: twice.user.email, photo: null, bookings: 2, ...joined },
      ]);
      expect(Number.isNaN(Date.parse(mine[0]!.joinedAt))).toBe(false);
      const ids = items.map((r) => r.id);
      expect(ids).not.toContain(seller.id);
      expect(ids).not.toContain(admin.user.id);
    });

    it("pages through buyers with limit=1, every buyer once", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      for (let i = 0; i < 3; i++) {
        const buyer = await signedInUser(t.app, { role: "buyer" });
        await bookOrder(t.app, buyer.cookie, (await buildListing(t.app)).id);
      }
      const all = (
        await call(t.app, { method: "GET", url: "/api/admin/buyers?limit=100", cookie: admin.cookie })
      )
        .json()
        .items.map((s: { id: string }) => s.id);
      expect(all.length).toBeGreaterThanOrEqual(3);
      const walked = (await walk(t.app, admin.cookie, "/api/admin/buyers", 1)).map((s) => s.id);
      expect(walked).toEqual(all);
    });

    it("rejects a tampered cursor with 400 and a message", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      for (const path of ["/api/admin/buyers", "/api/admin/sellers", "/api/admin/reports"]) {
        const res = await call(t.app, { method: "GET", url: `${path}?cursor=garbage`, cookie: admin.cookie });
        expect(res.statusCode, path).toBe(400);
        expect(res.json().detail).toBe(MSG.listing.badCursor);
      }
    });
  });
});
