import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { signup } from "#server/test/auth.ts";
import { buildListing, buildUser, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { SellerProfile } from "#shared/schemas/people.ts";

describe("GET /api/sellers/:id", () => {
  const t = setupTestApp();

  async function profile(id: string, cookie?: string) {
    return call(t.app, { method: "GET", url: `/api/sellers/${id}`, cookie });
  }

  it("shows a seller to a signed-out visitor: name, photo, tick, member since, bikes sold and for sale", async () => {
    const res = await signup(t.app, { role: "seller", name: "Dhaka Bike Point" });
    expect(res.statusCode, res.body).toBe(201);
    const id: string = res.json().user.id;
    await t.app.db.update(users).set({ verified: true }).where(eq(users.id, id));
    const [joined] = await t.app.db.select({ at: users.createdAt }).from(users).where(eq(users.id, id));
    for (let i = 0; i < 3; i++) await buildListing(t.app, { sellerId: id });
    for (let i = 0; i < 2; i++) await buildListing(t.app, { sellerId: id, status: "sold" });
    // Removed by an admin: counts for neither.
    await buildListing(t.app, { sellerId: id, hidden: true });
    await buildListing(t.app, { sellerId: id, status: "sold", hidden: true });
    // Someone else's bikes count for them, not for this seller.
    await buildListing(t.app);

    const page = await profile(id);
    expect(page.statusCode, page.body).toBe(200);
    const seller: SellerProfile = page.json().seller;
    expect(seller).toEqual({
      id,
      name: "Dhaka Bike Point",
      photo: expect.objectContaining({ src: expect.stringMatching(/^\/images\/.+-640\.webp$/) }),
      verified: true,
      rating: { average: 0, count: 0 },
      memberSince: joined!.at.toISOString(),
      bikesSold: 2,
      bikesForSale: 3,
    });
  });

  it("answers every role alike, and a new seller without bikes or tick with zeros", async () => {
    const seller = await buildUser(t.app, { role: "seller", name: "Sylhet Riders" });
    const expected = {
      id: seller.id,
      name: "Sylhet Riders",
      photo: null,
      verified: false,
      rating: { average: 0, count: 0 },
      memberSince: expect.any(String),
      bikesSold: 0,
      bikesForSale: 0,
    };
    for (const role of ["buyer", "seller", "admin"] as const) {
      const viewer = await signedInUser(t.app, { role });
      const res = await profile(seller.id, viewer.cookie);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      expect(res.json().seller).toEqual(expected);
    }
  });

  it("never carries the seller's email", async () => {
    const seller = await buildUser(t.app, { role: "seller" });
    const res = await profile(seller.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(seller.email);
    expect(res.json().seller).not.toHaveProperty("email");
  });

  it("404s a buyer, an admin, an unknown id and a non-UUID with the same message", async () => {
    const buyer = await buildUser(t.app, { role: "buyer" });
    const admin = await buildUser(t.app, { role: "admin" });
    for (const id of [buyer.id, admin.id, randomUUID(), "not-a-uuid", "1"]) {
      expectProblem(await profile(id), 404, MSG.listing.sellerNotFound);
    }
  });

  it("answers a too-long id with 400, not 500", async () => {
    const res = await profile("x".repeat(65));
    expectProblem(res, 400);
  });
});
