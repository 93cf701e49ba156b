import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { buildListing, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import { allPages } from "./testing.ts";

describe("DELETE /api/listings/:id/advertise: a seller stops advertising a bike", () => {
  const t = setupTestApp();

  async function advertisedListing() {
    const owner = await signedInUser(t.app, { role: "seller" });
    const listing = await buildListing(t.app, { sellerId: owner.user.id, advertised: true });
    return { ...owner, listing };
  }
  const stop = (id: string, cookie?: string) =>
    call(t.app, { method: "DELETE", url: `/api/listings/${id}/advertise`, cookie });
  const advertisedIds = async () => (await allPages(t.app, "/api/listings/advertised?limit=100")).ids;
  const isAdvertised = async (id: string) =>
    (await t.app.db.select().from(listings).where(eq(listings.id, id)))[0]!.advertised;

  it("the owner stops it: 200 with the listing, and the bike leaves the advertised list", async () => {
    const { cookie, listing } = await advertisedListing();
    expect(await advertisedIds()).toContain(listing.id);

    const res = await stop(listing.id, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().listing).toMatchObject({ id: listing.id, advertised: false, status: "available" });
    expect(await advertisedIds()).not.toContain(listing.id);
    const read = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
    expect(read.json().listing.advertised).toBe(false);
  });

  it("is idempotent: stopping a bike that is not advertised answers the same 200", async () => {
    const { cookie, listing } = await advertisedListing();
    const first = await stop(listing.id, cookie);
    const second = await stop(listing.id, cookie);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().listing).toEqual(first.json().listing);
  });

  it("and it can be advertised again afterwards", async () => {
    const { cookie, listing } = await advertisedListing();
    expect((await stop(listing.id, cookie)).statusCode).toBe(200);
    const again = await call(t.app, { method: "POST", url: `/api/listings/${listing.id}/advertise`, cookie });
    expect(again.statusCode, again.body).toBe(200);
    expect(await advertisedIds()).toContain(listing.id);
  });

  it("works on a held or sold bike too, so it does not come back advertised when a hold ends", async () => {
    const { cookie, listing } = await advertisedListing();
    await t.app.db.update(listings).set({ status: "sold" }).where(eq(listings.id, listing.id));
    const res = await stop(listing.id, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().listing).toMatchObject({ advertised: false, status: "sold" });
    await t.app.db.update(listings).set({ status: "available" }).where(eq(listings.id, listing.id));
    expect(await advertisedIds()).not.toContain(listing.id);
  });

  it("another seller may not (403), and the bike stays advertised", async () => {
    const { listing } = await advertisedListing();
    const other = await signedInUser(t.app, { role: "seller" });
    const res = await stop(listing.id, other.cookie);
    expectProblem(res, 403);
    expect(res.json().detail).toBe(MSG.listing.notOwner);
    expect(await isAdvertised(listing.id)).toBe(true);
    expect(await advertisedIds()).toContain(listing.id);
  });

  it("a buyer may not (403), an admin may not (403), a visitor must sign in (401)", async () => {
    const { listing } = await advertisedListing();
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const admin = await signedInUser(t.app, { role: "admin" });
    expectProblem(await stop(listing.id, buyer.cookie), 403);
    expectProblem(await stop(listing.id, admin.cookie), 403);
    expectProblem(await stop(listing.id), 401);
    expect(await isAdvertised(listing.id)).toBe(true);
  });

  it("an unknown, malformed or admin-removed listing: 404", async () => {
    const { cookie, user } = await advertisedListing();
    expectProblem(await stop(randomUUID(), cookie), 404);
    expectProblem(await stop("nope", cookie), 404);
    const removed = await buildListing(t.app, { sellerId: user.id, advertised: true, hidden: true });
    const res = await stop(removed.id, cookie);
    expectProblem(res, 404);
    expect(res.json().detail).toBe(MSG.listing.notFound);
    expect(await isAdvertised(removed.id)).toBe(true);
  });

  it("a request from another site is refused (403) and changes nothing", async () => {
    const { cookie, listing } = await advertisedListing();
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/listings/${listing.id}/advertise`,
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(await isAdvertised(listing.id)).toBe(true);
  });
});
