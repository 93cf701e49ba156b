import { describe, expect, it } from "vitest";
import { CATEGORY_SLUGS } from "#shared/categories.ts";
import { ListingCreateFieldsSchema } from "#shared/schemas/listings.ts";
import { demoListingFields, picturesOf } from "./demo.ts";
import { DEMO_BIKES, DEMO_SELLERS } from "./demo-catalogue.ts";

/** What a buyer of the demo market sees: plausible bikes, spread like Bangladesh's market. */
describe("the demo catalogue", () => {
  const now = new Date("2026-11-24T08:00:00Z");
  const fields = DEMO_BIKES.map((bike) => demoListingFields(bike, now));

  it("passes every rule a seller's Add Product form passes", () => {
    for (const f of fields) expect(ListingCreateFieldsSchema.safeParse(f).error, f.model).toBeUndefined();
  });

  it("counts the year back and the papers' months from the day it is seeded", () => {
    const fzs = demoListingFields(DEMO_BIKES[0]!, now);
    expect(fzs).toMatchObject({ year: 2025, taxTokenUntil: "2027-09", insuranceUntil: "2027-03" });
    expect(demoListingFields(DEMO_BIKES[0]!, new Date("2030-01-15T00:00:00Z"))).toMatchObject({
      year: 2029,
      taxTokenUntil: "2030-11",
    });
  });

  it("has kilometres that fit each bike's age", () => {
    for (const [i, bike] of DEMO_BIKES.entries()) {
      const perYear = bike.km / Math.max(bike.age, 1);
      // Dirt bikes ride on tracks, a few thousand km; road bikes 4,000 to 20,000 km a year.
      const [min, max] = bike.category === "dirt-bikes" ? [1000, 5000] : [2000, 20_000];
      expect(perYear, `${i} ${bike.model}`).toBeGreaterThanOrEqual(min);
      expect(perYear, `${i} ${bike.model}`).toBeLessThanOrEqual(max);
    }
  });

  it("spreads over the big districts, Dhaka most, with real neighbourhoods", () => {
    const byDistrict = new Map<string, number>();
    for (const f of fields) byDistrict.set(f.district, (byDistrict.get(f.district) ?? 0) + 1);
    const dhaka = byDistrict.get("dhaka")!;
    expect(byDistrict.size).toBeGreaterThanOrEqual(8);
    for (const [district, n] of byDistrict) if (district !== "dhaka") expect(n).toBeLessThan(dhaka);
    expect(dhaka / fields.length).toBeGreaterThan(0.3);
    expect(dhaka / fields.length).toBeLessThan(0.6);
    expect(fields.filter((f) => f.area).length / fields.length).toBeGreaterThan(0.9);
    expect(fields.map((f) => f.area)).toEqual(
      expect.arrayContaining(["Mirpur 10", "Dhanmondi 27", "Uttara Sector 7", "Agrabad", "Zindabazar"]),
    );
  });

  it("describes most bikes, some over several lines, and varies papers, name transfer and bargaining", () => {
    const share = (pick: (f: (typeof fields)[number]) => unknown) =>
      fields.filter(pick).length / fields.length;
    expect(share((f) => f.description)).toBeGreaterThan(0.7);
    expect(fields.filter((f) => f.description?.includes("\n")).length).toBeGreaterThanOrEqual(5);
    expect(share((f) => f.hasRegistration)).toBeGreaterThan(0.85);
    expect(share((f) => f.hasRegistration)).toBeLessThan(1);
    const thisMonth = "2026-11";
    expect(fields.filter((f) => f.taxTokenUntil && f.taxTokenUntil > thisMonth).length).toBeGreaterThan(40);
    expect(
      fields.filter((f) => f.taxTokenUntil && f.taxTokenUntil < thisMonth).length,
    ).toBeGreaterThanOrEqual(5);
    expect(share((f) => f.insuranceUntil)).toBeGreaterThan(0.15);
    expect(share((f) => f.nameTransfer)).toBeGreaterThan(0.8);
    expect(share((f) => !f.negotiable)).toBeGreaterThan(0);
  });

  it("has at least three models with four or more bikes within ±2 years (the fair-price hint shows)", () => {
    const byModel = new Map<string, number[]>();
    for (const f of fields) {
      const key = `${f.brand} ${f.model}`;
      byModel.set(key, [...(byModel.get(key) ?? []), f.year]);
    }
    const hinted = [...byModel].filter(([, years]) => {
      if (years.length < 4) return false;
      // Every bike of the model has at least three others within two years of it.
      return years.every((y) => years.filter((o) => Math.abs(o - y) <= 2).length - 1 >= 3);
    });
    expect(hinted.length).toBeGreaterThanOrEqual(3);
  });

  it("gives some bikes 2 to 4 photos, at most 40 beyond the covers, and fills every category", () => {
    const counts = DEMO_BIKES.map((bike) => picturesOf(bike).length);
    expect(counts.filter((n) => n >= 2).length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...counts)).toBeLessThanOrEqual(4);
    expect(counts.reduce((a, n) => a + n - 1, 0)).toBeLessThanOrEqual(40);
    for (const slug of CATEGORY_SLUGS) {
      expect(
        DEMO_BIKES.some((b) => b.category === slug && !b.sold),
        slug,
      ).toBe(true);
    }
  });

  it("lists each bike under a seller that exists, every seller with bikes", () => {
    const keys = ["karim", ...DEMO_SELLERS.map((s) => s.key)];
    for (const bike of DEMO_BIKES) expect(keys).toContain(bike.seller);
    for (const key of keys)
      expect(
        DEMO_BIKES.some((b) => b.seller === key),
        key,
      ).toBe(true);
  });
});
