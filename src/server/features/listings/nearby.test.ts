import { describe, expect, it } from "vitest";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { buildListing } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { NearbySearch } from "#shared/schemas/listings.ts";

describe("GET /api/listings/nearby: the nearest searches that find something", () => {
  const t = setupTestApp();

  async function found(query: string): Promise<number> {
    const res = await call(t.app, { method: "GET", url: `/api/listings?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().total;
  }

  async function nearby(query: string): Promise<NearbySearch[]> {
    const res = await call(t.app, { method: "GET", url: `/api/listings/nearby?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().searches;
  }

  it("the price 20 % wider first, then each filter left out, the search text last, each with its count", async () => {
    const brand = "Tempest";
    await buildListing(t.app, { brand, model: "Storm 150", askingPrice: 170_000 });
    await buildListing(t.app, { brand, model: "Storm 150", askingPrice: 172_000 });
    await buildListing(t.app, { brand, model: "Storm 150", askingPrice: 120_000, districtSlug: "sylhet" });
    await buildListing(t.app, { brand, model: "Breeze 110", askingPrice: 100_000 });
    // Sold and removed bikes are not near anything.
    await buildListing(t.app, { brand, model: "Storm 150", askingPrice: 140_000, status: "sold" });
    await buildListing(t.app, { brand, model: "Storm 150", askingPrice: 130_000, hidden: true });
    const query = `q=storm&brand=${brand}&maxPrice=150000&district=dhaka&verified=false&sort=price_asc`;
    expect(await found(query)).toBe(0);

    expect(await nearby(query)).toEqual([
      { key: "maxPrice", value: "180000", total: 2, totalIsCapped: false },
      { key: "district", value: null, total: 1, totalIsCapped: false },
      { key: "maxPrice", value: null, total: 2, totalIsCapped: false },
      // Leaving out the brand finds nothing more here (no other brand's Storm in Dhaka): not offered.
      { key: "q", value: null, total: 1, totalIsCapped: false },
    ]);
    // Each is what the list finds with that one change.
    expect(await found(query.replace("maxPrice=150000", "maxPrice=180000"))).toBe(2);
    expect(await found(query.replace("&district=dhaka", ""))).toBe(1);
  });

  it("a lower price bound 20 % lower, and a flag that is on left out", async () => {
    // A category of its own: leaving out the brand finds no other test's bike.
    const brand = "Cyclone";
    await buildListing(t.app, {
      brand,
      model: "Gale 125",
      askingPrice: 85_000,
      negotiable: false,
      categorySlug: "cruiser",
    });
    const query = `category=cruiser&brand=${brand}&minPrice=100000&negotiable=true`;
    expect(await found(query)).toBe(0);

    // 100,000 less 20 % is 80,000; the bike is not negotiable, so that alone finds nothing.
    expect(await nearby(query)).toEqual([]);
    expect(await nearby(`category=cruiser&brand=${brand}&minPrice=100000`)).toEqual([
      { key: "minPrice", value: "80000", total: 1, totalIsCapped: false },
      { key: "minPrice", value: null, total: 1, totalIsCapped: false },
    ]);
  });

  it("answers a bad filter and an unknown category as the list does", async () => {
    expectProblem(await call(t.app, { method: "GET", url: "/api/listings/nearby?maxPrice=cheap" }), 400);
    expectProblem(
      await call(t.app, { method: "GET", url: "/api/listings/nearby?category=spaceships" }),
      404,
      MSG.listing.unknownCategory,
    );
  });
});
