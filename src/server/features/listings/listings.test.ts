import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { listings, orders } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { buildListing, buildUser, signedInUser, type TestListing } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { ListingsPage } from "#shared/schemas/listings.ts";
import { allPages, getPage } from "./testing.ts";

/** A booking (held) written straight to its rows, as booking writes it (these tests are about listings, not booking). */
async function markSold(app: FastifyInstance, listingId: string) {
  const buyer = await buildUser(app, { role: "buyer" });
  await app.db.update(listings).set({ status: "sold" }).where(eq(listings.id, listingId));
  await app.db.insert(orders).values({
    listingId,
    buyerId: buyer.id,
    price: 150_000,
    phone: "+8801711000000",
    meetingLocation: "Dhanmondi 27",
    holdUntil: new Date(Date.now() + 48 * 3_600_000),
  });
}

describe("reading listings", () => {
  const t = setupTestApp();

  it("GET /api/listings/:id: anyone may read one listing", async () => {
    const seller = await buildUser(t.app, { role: "seller", name: "Rahim" });
    await t.app.db.execute(sql`update users set verified = true where id = ${seller.id}`);
    const row = await buildListing(t.app, { sellerId: seller.id, model: "Honda CB Hornet 160R" });
    const res = await call(t.app, { method: "GET", url: `/api/listings/${row.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().listing).toMatchObject({
      id: row.id,
      model: "Honda CB Hornet 160R",
      postedAt: row.createdAt.toISOString(),
      seller: { id: seller.id, name: "Rahim", verified: true },
      status: "available",
    });
  });

  it.each([
    ["an unknown id", randomUUID()],
    ["a malformed id", "not-a-uuid"],
    ["an injected id", "1' or '1'='1"],
  ])("GET /api/listings/:id with %s: 404 problem+json", async (_, id) => {
    const res = await call(t.app, { method: "GET", url: `/api/listings/${encodeURIComponent(id)}` });
    expectProblem(res, 404);
    expect(res.json()).toMatchObject({ status: 404, detail: MSG.listing.notFound });
  });

  it("a listing removed by an admin (hidden) is not shown to visitors", async () => {
    const row = await buildListing(t.app, { hidden: true });
    const res = await call(t.app, { method: "GET", url: `/api/listings/${row.id}` });
    expectProblem(res, 404);
  });

  it("GET /api/me/listings: only the seller's own, sold ones included, hidden ones not", async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "seller" });
    const mine: TestListing[] = [];
    for (let i = 0; i < 5; i++)
      mine.push(await buildListing(t.app, { sellerId: user.id, model: `Mine ${i}` }));
    await markSold(t.app, mine[1]!.id);
    await buildListing(t.app, { sellerId: user.id, hidden: true });
    await buildListing(t.app); // someone else's
    const { ids, pages } = await allPages(t.app, "/api/me/listings?limit=2", { cookie });
    expect(pages).toBe(3);
    expect(ids).toEqual(mine.map((l) => l.id).reverse());

    const first = await call(t.app, { method: "GET", url: "/api/me/listings", cookie });
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const sold = (first.json() as ListingsPage).items.find((l) => l.id === mine[1]!.id);
    expect(sold?.status).toBe("sold");
  });

  it("GET /api/me/listings: a buyer gets 403, a visitor 401", async () => {
    const { cookie } = await signedInUser(t.app, { role: "buyer" });
    expectProblem(await call(t.app, { method: "GET", url: "/api/me/listings", cookie }), 403);
    expectProblem(await call(t.app, { method: "GET", url: "/api/me/listings" }), 401);
  });

  it("GET /api/listings/advertised: only advertised AND available AND not hidden", async () => {
    const shown = await buildListing(t.app, { advertised: true });
    const sold = await buildListing(t.app, { advertised: true });
    await markSold(t.app, sold.id);
    const hidden = await buildListing(t.app, { advertised: true, hidden: true });
    const plain = await buildListing(t.app);
    const soldPlain = await buildListing(t.app);
    await markSold(t.app, soldPlain.id);

    const { ids } = await allPages(t.app, "/api/listings/advertised?limit=2");
    expect(ids).toContain(shown.id);
    for (const out of [sold, hidden, plain, soldPlain]) expect(ids).not.toContain(out.id);
    const page = await getPage(t.app, "/api/listings/advertised?limit=100");
    expect(page.items.length).toBeGreaterThan(0);
    for (const l of page.items) expect(l).toMatchObject({ advertised: true, status: "available" });
  });
});

describe("advertising and deleting", () => {
  const t = setupTestApp();

  async function sellerWithListing() {
    const owner = await signedInUser(t.app, { role: "seller" });
    const listing = await buildListing(t.app, { sellerId: owner.user.id });
    return { ...owner, listing };
  }
  const read = (id: string) => call(t.app, { method: "GET", url: `/api/listings/${id}` });
  const advertise = (id: string, cookie?: string) =>
    call(t.app, { method: "POST", url: `/api/listings/${id}/advertise`, cookie });
  const remove = (id: string, cookie?: string) =>
    call(t.app, { method: "DELETE", url: `/api/listings/${id}`, cookie });

  it("the owner advertises; doing it again changes nothing", async () => {
    const { cookie, listing } = await sellerWithListing();
    const first = await advertise(listing.id, cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().listing).toMatchObject({ id: listing.id, advertised: true, status: "available" });
    const second = await advertise(listing.id, cookie);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().listing).toEqual(first.json().listing);
    const { ids } = await allPages(t.app, "/api/listings/advertised?limit=100");
    expect(ids.filter((id) => id === listing.id)).toHaveLength(1);
  });

  it("another seller may not advertise it (403); it stays unadvertised", async () => {
    const { listing } = await sellerWithListing();
    const other = await signedInUser(t.app, { role: "seller" });
    const res = await advertise(listing.id, other.cookie);
    expectProblem(res, 403);
    expect(res.json().detail).toBe(MSG.listing.notOwner);
    expect((await read(listing.id)).json().listing.advertised).toBe(false);
  });

  it("a buyer may not advertise (403), a visitor must sign in (401)", async () => {
    const { listing } = await sellerWithListing();
    const buyer = await signedInUser(t.app, { role: "buyer" });
    expectProblem(await advertise(listing.id, buyer.cookie), 403);
    expectProblem(await advertise(listing.id), 401);
    expect((await read(listing.id)).json().listing.advertised).toBe(false);
  });

  it("a sold listing cannot be advertised: 409 with the reason", async () => {
    const { cookie, listing } = await sellerWithListing();
    await markSold(t.app, listing.id);
    const res = await advertise(listing.id, cookie);
    expectProblem(res, 409);
    expect(res.json().detail).toBe(MSG.listing.soldCannotAdvertise);
    expect((await read(listing.id)).json().listing).toMatchObject({ advertised: false, status: "sold" });
  });

  it("advertising an unknown or malformed id: 404", async () => {
    const { cookie } = await sellerWithListing();
    expectProblem(await advertise(randomUUID(), cookie), 404);
    expectProblem(await advertise("nope", cookie), 404);
  });

  it("the owner deletes an unsold listing: 204, then it is gone", async () => {
    const { cookie, listing } = await sellerWithListing();
    const res = await remove(listing.id, cookie);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe("");
    expectProblem(await read(listing.id), 404);
    expect((await getPage(t.app, "/api/me/listings", cookie)).items).toEqual([]);
    expectProblem(await remove(listing.id, cookie), 404);
  });

  it("another seller may not delete it (403); it stays", async () => {
    const { listing } = await sellerWithListing();
    const other = await signedInUser(t.app, { role: "seller" });
    const res = await remove(listing.id, other.cookie);
    expectProblem(res, 403);
    expect(res.json().detail).toBe(MSG.listing.notOwner);
    expect((await read(listing.id)).statusCode).toBe(200);
  });

  it("a buyer may not delete (403), a visitor must sign in (401)", async () => {
    const { listing } = await sellerWithListing();
    const buyer = await signedInUser(t.app, { role: "buyer" });
    expectProblem(await remove(listing.id, buyer.cookie), 403);
    expectProblem(await remove(listing.id), 401);
    expect((await read(listing.id)).statusCode).toBe(200);
  });

  it("a sold listing cannot be deleted: 409 with the reason, and it stays", async () => {
    const { cookie, listing } = await sellerWithListing();
    await markSold(t.app, listing.id);
    const res = await remove(listing.id, cookie);
    expectProblem(res, 409);
    expect(res.json().detail).toBe(MSG.listing.soldCannotDelete);
    expect((await read(listing.id)).json().listing.status).toBe("sold");
  });

  it("deleting an unknown or malformed id: 404", async () => {
    const { cookie } = await sellerWithListing();
    expectProblem(await remove(randomUUID(), cookie), 404);
    expectProblem(await remove("nope", cookie), 404);
  });
});
