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
    it("lists sellers only, each with the verified flag", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const seller = await buildUser(t.app, { role: "seller", name: "Karim Bikes" });
      const buyer = await buildUser(t.app, { role: "buyer" });

      const res = await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const items: { id: string }[] = res.json().items;
      expect(items).toContainEqual({
        id: seller.id,
        name: "Karim Bikes",
        email: seller.email,
        photo: null,
        verified: false,
      });
      const ids = items.map((s) => s.id);
      expect(ids).not.toContain(buyer.id);
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
          seller: { id: seller.id, name: "Trusted Seller", email: seller.email, photo: null, verified: true },
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

    it("answers 404 when verifying a buyer, an admin or an unknown id", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const buyer = await buildUser(t.app, { role: "buyer" });
      for (const id of [buyer.id, admin.user.id, UNKNOWN_ID, "not-a-uuid"]) {
        const res = await call(t.app, {
          method: "POST",
          url: `/api/admin/sellers/${id}/verify`,
          cookie: admin.cookie,
        });
        expect(res.statusCode, id).toBe(404);
        expect(res.json().detail).toBe(MSG.admin.sellerNotFound);
      }
    });
  });

  describe("all buyers", () => {
    it("lists every buyer with at least one order, once, with the phone of their latest booking", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const twice = await signedInUser(t.app, { role: "buyer", name: "Twice" });
      const once = await signedInUser(t.app, { role: "buyer", name: "Once" });
      const never = await buildUser(t.app, { role: "buyer", name: "Never" });
      const [a, b, c] = await Promise.all([buildListing(t.app), buildListing(t.app), buildListing(t.app)]);
      await bookOrder(t.app, twice.cookie, a!.id, { phone: "01711-111111" });
      await bookOrder(t.app, once.cookie, b!.id, { phone: "01811-222222" });
      await bookOrder(t.app, twice.cookie, c!.id, { phone: "01911-333333" });

      const res = await call(t.app, { method: "GET", url: "/api/admin/buyers", cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      const items: { id: string }[] = res.json().items;
      const mine = items.filter((r) => [twice.user.id, once.user.id, never.id].includes(r.id));
      expect(mine).toEqual([
        { id: twice.user.id, name: "Twice", email: twice.user.email, photo: null, phone: "01911-333333" },
        { id: once.user.id, name: "Once", email: once.user.email, photo: null, phone: "01811-222222" },
      ]);
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
