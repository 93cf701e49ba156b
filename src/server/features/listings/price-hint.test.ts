import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings, orders } from "#server/db/schema.ts";
import { setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser, type TestListing } from "#server/test/factories.ts";
import type { PriceHint } from "#shared/schemas/listings.ts";
import { listingDetail } from "./testing.ts";

describe("the fair-price hint of GET /api/listings/:id", () => {
  const t = setupTestApp();

  /** A model of its own per test, so no other test's bikes are comparable. */
  function aModel() {
    return `Pulsar ${randomBytes(4).toString("hex")}`;
  }

  function bike(model: string, askingPrice: number, fields: Partial<TestListing> = {}) {
    return buildListing(t.app, { brand: "Bajaj", model, year: 2020, askingPrice, ...fields });
  }

  async function hintOf(id: string): Promise<PriceHint | null> {
    return (await listingDetail(t.app, id)).priceHint;
  }

  async function soldMonthsAgo(listing: TestListing, months: number) {
    // A buyer of its own for each: one buyer may hold at most 3 unpaid bookings.
    const { cookie } = await signedInUser(t.app, { role: "buyer" });
    const order = await bookOrder(t.app, cookie, listing.id);
    await t.app.db
      .update(orders)
      .set({ createdAt: sql`now() - ${months} * interval '1 month'` })
      .where(eq(orders.id, order.id));
  }

  it("below, about and above the median asking price of the comparables", async () => {
    const model = aModel();
    for (const price of [100_000, 120_000, 140_000]) await bike(model, price);
    const cheap = await bike(model, 100_000);
    const fair = await bike(model, 126_000);
    const dear = await bike(model, 126_001);
    // Each is compared with the other five (never with itself), so each has its own median.
    expect(await hintOf(cheap.id)).toEqual({
      typicalPrice: 126_000,
      comparables: 5,
      difference: -26_000,
      verdict: "below",
    });
    expect(await hintOf(fair.id)).toEqual({
      typicalPrice: 120_000,
      comparables: 5,
      difference: 6000,
      verdict: "about",
    });
    expect(await hintOf(dear.id)).toEqual({
      typicalPrice: 120_000,
      comparables: 5,
      difference: 6001,
      verdict: "above",
    });
  });

  it("about: within 5 % either way, the edges included", async () => {
    const model = aModel();
    for (const price of [190_000, 200_000, 210_000]) await bike(model, price);
    const edges = [
      [190_000, "about"],
      [210_000, "about"],
      [189_999, "below"],
      [210_001, "above"],
    ] as const;
    for (const [price, verdict] of edges) {
      const target = await bike(model, price);
      expect(await hintOf(target.id)).toMatchObject({ typicalPrice: 200_000, verdict });
      // Out of the market again before the next edge: hidden bikes are not comparables.
      await t.app.db.update(listings).set({ hidden: true }).where(eq(listings.id, target.id));
    }
  });

  it("an even number of comparables: the mean of the middle two, in whole taka", async () => {
    const model = aModel();
    for (const price of [100_000, 110_001, 120_000, 150_000]) await bike(model, price);
    const target = await bike(model, 50_000);
    expect(await hintOf(target.id)).toEqual({
      typicalPrice: 115_001,
      comparables: 4,
      difference: -65_001,
      verdict: "below",
    });
  });

  it("fewer than 3 comparables: null; the listing itself is not one of them", async () => {
    const model = aModel();
    const target = await bike(model, 150_000);
    expect(await hintOf(target.id)).toBeNull();
    await bike(model, 100_000);
    await bike(model, 100_000);
    expect(await hintOf(target.id)).toBeNull();
    await bike(model, 100_000);
    expect(await hintOf(target.id)).toMatchObject({
      typicalPrice: 100_000,
      comparables: 3,
      verdict: "above",
    });
  });

  it("the same brand and model however it is written; another model is not comparable", async () => {
    const key = randomBytes(3).toString("hex");
    await bike(`Bajaj Pulsar ${key}`, 100_000);
    await bike(`pulsar-${key}`, 100_000);
    await bike(`PULSAR  ${key}`, 100_000);
    await bike(`Pulsar ${key} NS`, 999_000);
    await buildListing(t.app, { brand: "TVS", model: `Pulsar ${key}`, year: 2020, askingPrice: 999_000 });
    const target = await bike(`Pulsar ${key}`, 100_000);
    expect(await hintOf(target.id)).toMatchObject({
      typicalPrice: 100_000,
      comparables: 3,
      verdict: "about",
    });
  });

  it("years within ±2 of the listing's count; 3 years apart do not", async () => {
    const model = aModel();
    for (const year of [2018, 2019, 2022]) await bike(model, 100_000, { year });
    for (const year of [2017, 2023]) await bike(model, 500_000, { year });
    const target = await bike(model, 100_000, { year: 2020 });
    expect(await hintOf(target.id)).toMatchObject({ typicalPrice: 100_000, comparables: 3 });
  });

  it("hidden listings are not comparables", async () => {
    const model = aModel();
    for (const price of [100_000, 100_000]) await bike(model, price);
    await bike(model, 100_000, { hidden: true });
    const target = await bike(model, 100_000);
    expect(await hintOf(target.id)).toBeNull();
  });

  it("sold bikes count when sold within the last year; sold longer ago they do not", async () => {
    const model = aModel();
    await bike(model, 100_000);
    await soldMonthsAgo(await bike(model, 100_000), 11);
    const target = await bike(model, 100_000);
    const old = await bike(model, 900_000);
    await soldMonthsAgo(old, 13);
    expect(await hintOf(target.id)).toBeNull();
    await soldMonthsAgo(await bike(model, 100_000), 0);
    expect(await hintOf(target.id)).toMatchObject({
      typicalPrice: 100_000,
      comparables: 3,
      verdict: "about",
    });
  });

  it("a sold listing's own page still shows its hint", async () => {
    const model = aModel();
    for (const price of [100_000, 100_000, 100_000]) await bike(model, price);
    const target = await bike(model, 150_000);
    await soldMonthsAgo(target, 0);
    expect(await hintOf(target.id)).toMatchObject({ verdict: "above", difference: 50_000 });
  });
});
