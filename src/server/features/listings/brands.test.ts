import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings } from "#server/db/schema.ts";
import { call, setupTestApp } from "#server/test/app.ts";
import { buildListing } from "#server/test/factories.ts";

describe("GET /api/listings/brands: the brand filter's choices", () => {
  const t = setupTestApp();

  async function brands(): Promise<string[]> {
    const res = await call(t.app, { method: "GET", url: "/api/listings/brands" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().brands;
  }

  it("only brands with a visible bike for sale, each spelled as most of its listings spell it", async () => {
    // Written "yamaha" first (the catalogue keeps that), then "Yamaha" by most sellers.
    await buildListing(t.app, { brand: "yamaha", model: "FZS V3" });
    for (let i = 0; i < 3; i++) await buildListing(t.app, { brand: "Yamaha", model: "FZS V3" });
    await buildListing(t.app, { brand: "YAMAHA", model: "R15 V4" });
    await buildListing(t.app, { brand: "Hero", model: "Splendor Plus" });
    // A brand whose only bike an admin removed, and one whose bikes are all sold.
    await buildListing(t.app, { brand: "Kawasaki", model: "Ninja 300", hidden: true });
    await buildListing(t.app, { brand: "Lifan", model: "KPR 165", status: "sold" });
    await buildListing(t.app, { brand: "Lifan", model: "KPT 150", status: "sold" });
    // Sold and hidden bikes do not vote for a spelling either.
    for (let i = 0; i < 5; i++) {
      await buildListing(t.app, {
        brand: "hero",
        model: "Splendor Plus",
        status: i < 3 ? "sold" : "available",
        hidden: i >= 3,
      });
    }

    expect(await brands()).toEqual(["Hero", "Yamaha"]);
  });

  it("a brand leaves the list when its last bike for sale is sold, and comes back with a new one", async () => {
    const listing = await buildListing(t.app, { brand: "Runner", model: "Knight Rider" });
    expect(await brands()).toContain("Runner");
    await t.app.db.update(listings).set({ status: "sold" }).where(eq(listings.id, listing.id));
    expect(await brands()).not.toContain("Runner");
    await buildListing(t.app, { brand: "Runner", model: "Bullet 100" });
    expect(await brands()).toContain("Runner");
  });
});
