import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { listings, users } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { buildListing, buildUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import {
  LISTING_SORTS,
  type ListingSort,
  type ListingsSearchPage,
  TOTAL_CAP,
} from "#shared/schemas/listings.ts";
import { MANY_MODELS } from "./search.ts";
import { allPages } from "./testing.ts";

async function search(app: Parameters<typeof call>[0], query: string): Promise<ListingsSearchPage> {
  const res = await call(app, { method: "GET", url: `/api/listings?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A cursor as the server encodes one (`[sort, value, id]`), here with values it would never write. */
const cursorOf = (...parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");

const MODELS = [
  { brand: "Bajaj", model: "Pulsar 150", engineCc: 150, categorySlug: "commuter" },
  { brand: "Bajaj", model: "Bajaj Pulsar NS 160", engineCc: 160, categorySlug: "sports" },
  { brand: "Yamaha", model: "FZ-S V3", engineCc: 149, categorySlug: "commuter" },
  // Another spelling of the brand is the same brand; "FZS" without the dash is another catalogue entry.
  { brand: "yamaha", model: "FZS Fi", engineCc: 149, categorySlug: "commuter" },
  { brand: "Yamaha", model: "R15 V4", engineCc: 155, categorySlug: "sports" },
  { brand: "Honda", model: "CB Hornet 160R", engineCc: 162, categorySlug: "naked-sports" },
  { brand: "Suzuki", model: "Gixxer SF", engineCc: 155, categorySlug: "sports" },
  { brand: "TVS", model: "Apache RTR 160 4V", engineCc: 160, categorySlug: "commuter" },
  { brand: "Hero", model: "Hunk", engineCc: 150, categorySlug: "commuter" },
  { brand: "Royal Enfield", model: "Classic 350", engineCc: 349, categorySlug: "cruiser" },
] as const;
/** Many ties: five bikes in twelve ask ৳1,85,000. */
const PRICES = [
  185_000, 120_000, 185_000, 420_000, 165_000, 185_000, 230_000, 175_000, 185_000, 99_000, 185_000, 310_000,
];
const DISTRICTS = ["dhaka", "chattogram", "dhaka", "sylhet", "khulna", "rajshahi"] as const;

type Bike = {
  id: string;
  brand: string;
  model: string;
  categorySlug: string;
  askingPrice: number;
  engineCc: number;
  year: number;
  kmRun: number;
  districtSlug: string;
  negotiable: boolean;
  verified: boolean;
  sellerId: string;
  sold: boolean;
  createdAt: number;
};

const compare = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);
const byId = (a: Bike, b: Bike) => (a.id < b.id ? -1 : 1);
/** Each sort as a comparison, the id breaking ties in the sort's own direction. */
const ORDER: Record<ListingSort, (a: Bike, b: Bike) => number> = {
  newest: (a, b) => compare(b.createdAt, a.createdAt) || byId(b, a),
  price_asc: (a, b) => compare(a.askingPrice, b.askingPrice) || byId(a, b),
  price_desc: (a, b) => compare(b.askingPrice, a.askingPrice) || byId(b, a),
  km_asc: (a, b) => compare(a.kmRun, b.kmRun) || byId(a, b),
  year_desc: (a, b) => compare(b.year, a.year) || byId(b, a),
};

describe("searching the market (GET /api/listings)", () => {
  const t = setupTestApp();
  const bikes: Bike[] = [];
  const hidden: string[] = [];
  let verifiedSeller = "";

  /** The ids a query must answer, in the sort's order: the bikes for sale that `keep` lets through. */
  const expected = (keep: (b: Bike) => boolean, sort: ListingSort = "newest", withSold = false) =>
    bikes
      .filter((b) => (withSold || !b.sold) && keep(b))
      .sort(ORDER[sort])
      .map((b) => b.id);

  beforeAll(async () => {
    const verified = await buildUser(t.app, { role: "seller" });
    const plain = await buildUser(t.app, { role: "seller" });
    await t.app.db.update(users).set({ verified: true }).where(eq(users.id, verified.id));
    verifiedSeller = verified.id;
    const base = Date.parse("2026-03-01T08:00:00Z");
    for (let i = 0; i < 36; i++) {
      const m = MODELS[i % MODELS.length]!;
      const bike = {
        ...m,
        askingPrice: PRICES[i % PRICES.length]!,
        year: 2015 + ((i * 5) % 9),
        kmRun: ((i * 37) % 9) * 5000,
        districtSlug: DISTRICTS[i % DISTRICTS.length]!,
        negotiable: i % 3 !== 0,
        verified: i % 2 === 0,
        sellerId: i % 2 === 0 ? verified.id : plain.id,
        sold: i % 7 === 3,
        // Three bikes posted at one instant: the id orders them.
        createdAt: base + (i >= 10 && i <= 12 ? 10 : i) * 60_000,
      };
      const row = await buildListing(t.app, {
        ...bike,
        status: bike.sold ? "sold" : "available",
        createdAt: new Date(bike.createdAt),
      });
      bikes.push({ ...bike, id: row.id });
    }
    // Removed by an admin: cheap, new, a Pulsar in Dhaka — first in every list if it were shown.
    for (const status of ["available", "sold"] as const) {
      const row = await buildListing(t.app, {
        brand: "Bajaj",
        model: "Pulsar 150",
        askingPrice: 50_000,
        kmRun: 0,
        year: 2026,
        sellerId: verified.id,
        hidden: true,
        status,
        createdAt: new Date(base + 3_600_000),
      });
      hidden.push(row.id);
    }
  });

  it("by default: every bike for sale, newest first, 24 a page, and how many there are", async () => {
    const first = await search(t.app, "");
    const all = expected(() => true);
    expect(first.items.map((l) => l.id)).toEqual(all.slice(0, 24));
    expect(first).toMatchObject({ total: all.length, totalIsCapped: false, nextCursor: expect.any(String) });
    const second = await search(t.app, `cursor=${first.nextCursor}`);
    expect(second.items.map((l) => l.id)).toEqual(all.slice(24));
    // The count is the whole answer's on every page, not what is left.
    expect(second).toMatchObject({ total: all.length, totalIsCapped: false, nextCursor: null });
    expect(first.items.every((l) => l.status === "available")).toBe(true);
    // A blank sort (an emptied select in a shared link) is the default.
    expect((await search(t.app, "sort=&limit=100")).items.map((l) => l.id)).toEqual(all);
  });

  it.each(LISTING_SORTS)(
    "sort=%s: in order, ties broken by id, and walked page by page the same",
    async (sort) => {
      const all = expected(() => true, sort);
      const page = await search(t.app, `sort=${sort}&limit=100`);
      expect(page.items.map((l) => l.id)).toEqual(all);
      for (const limit of [1, 4, 5]) {
        const walked = await allPages(t.app, `/api/listings?sort=${sort}&limit=${limit}`);
        expect(walked.ids).toEqual(all);
      }
    },
  );

  it("the price ties stay in one order across pages (five bikes at ৳1,85,000, two a page)", async () => {
    const walked = await allPages(
      t.app,
      "/api/listings?minPrice=185000&maxPrice=185000&sort=price_desc&limit=2",
    );
    const ties = expected((b) => b.askingPrice === 185_000, "price_desc");
    expect(ties.length).toBeGreaterThan(4);
    expect(walked.ids).toEqual(ties);
  });

  it.each<[string, (b: Bike) => boolean, boolean?]>([
    ["category=sports", (b) => b.categorySlug === "sports"],
    ["minPrice=165000", (b) => b.askingPrice >= 165_000],
    ["maxPrice=175000", (b) => b.askingPrice <= 175_000],
    ["minPrice=165000&maxPrice=185000", (b) => b.askingPrice >= 165_000 && b.askingPrice <= 185_000],
    ["minCc=155", (b) => b.engineCc >= 155],
    ["maxCc=150", (b) => b.engineCc <= 150],
    ["minCc=150&maxCc=155", (b) => b.engineCc >= 150 && b.engineCc <= 155],
    ["minYear=2019", (b) => b.year >= 2019],
    ["maxYear=2018", (b) => b.year <= 2018],
    ["minYear=2017&maxYear=2020", (b) => b.year >= 2017 && b.year <= 2020],
    ["maxKm=10000", (b) => b.kmRun <= 10_000],
    ["maxKm=0", (b) => b.kmRun === 0],
    ["district=dhaka", (b) => b.districtSlug === "dhaka"],
    ["verified=true", (b) => b.verified],
    ["negotiable=true", (b) => b.negotiable],
    ["brand=yamaha", (b) => b.brand.toLowerCase() === "yamaha"],
    ["brand=Royal%20Enfield", (b) => b.brand === "Royal Enfield"],
    ["brand=ROYAL-ENFIELD", (b) => b.brand === "Royal Enfield"],
    ["sold=include", () => true, true],
    ["sold=exclude", () => true],
    ["verified=false&negotiable=false", () => true],
    ["minPrice=&maxKm=&district=&brand=&q=&verified=", () => true],
    [
      "category=commuter&district=dhaka&maxPrice=185000&negotiable=true",
      (b) =>
        b.categorySlug === "commuter" &&
        b.districtSlug === "dhaka" &&
        b.askingPrice <= 185_000 &&
        b.negotiable,
    ],
    [
      "brand=Yamaha&maxKm=20000&verified=true",
      (b) => b.brand.toLowerCase() === "yamaha" && b.kmRun <= 20_000 && b.verified,
    ],
    ["sold=include&district=sylhet", (b) => b.districtSlug === "sylhet", true],
    ["minPrice=999999", () => false],
  ])("%s: only the bikes that match, and their count", async (query, keep, withSold = false) => {
    const want = expected(keep, "newest", withSold);
    const page = await search(t.app, `${query}&limit=100`);
    expect(page.items.map((l) => l.id)).toEqual(want);
    expect(page).toMatchObject({ total: want.length, totalIsCapped: false, nextCursor: null });
    // The same filters with another sort, walked in small pages: the same bikes, counted the same.
    const walked = await allPages(t.app, `/api/listings?${query}&sort=price_asc&limit=3`);
    expect(walked.ids).toEqual(expected(keep, "price_asc", withSold));
  });

  it("seller=: that seller's bikes for sale; an unknown seller has none", async () => {
    const page = await search(t.app, `seller=${verifiedSeller}&limit=100`);
    expect(page.items.map((l) => l.id)).toEqual(expected((b) => b.sellerId === verifiedSeller));
    expect(await search(t.app, `seller=${randomUUID()}`)).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
      totalIsCapped: false,
    });
  });

  it("sold=include shows sold bikes with their status; by default none is sold", async () => {
    const withSold = await search(t.app, "sold=include&limit=100");
    const sold = withSold.items.filter((l) => l.status === "sold").map((l) => l.id);
    expect(sold).toEqual(expected((b) => b.sold, "newest", true));
    expect(sold.length).toBeGreaterThan(0);
    const plain = await search(t.app, "limit=100");
    expect(plain.items.map((l) => l.id)).not.toContain(sold[0]);
  });

  const modelsOf = (page: ListingsSearchPage) =>
    [...new Set(page.items.map((l) => `${l.brand} ${l.model}`))].sort();

  it.each<[string, string[]]>([
    ["pulser", ["Bajaj Bajaj Pulsar NS 160", "Bajaj Pulsar 150"]],
    ["PULSAR", ["Bajaj Bajaj Pulsar NS 160", "Bajaj Pulsar 150"]],
    ["pulsar ns", ["Bajaj Bajaj Pulsar NS 160"]],
    ["pulsar 150", ["Bajaj Pulsar 150"]],
    ["fz s", ["Yamaha FZ-S V3", "yamaha FZS Fi"]],
    ["fzs", ["Yamaha FZ-S V3", "yamaha FZS Fi"]],
    ["FZ-S", ["Yamaha FZ-S V3", "yamaha FZS Fi"]],
    ["  fz   s  ", ["Yamaha FZ-S V3", "yamaha FZS Fi"]],
    ["gixer", ["Suzuki Gixxer SF"]],
    ["apachi rtr", ["TVS Apache RTR 160 4V"]],
    ["r15", ["Yamaha R15 V4"]],
    ["royal enfeild", ["Royal Enfield Classic 350"]],
    ["hornet", ["Honda CB Hornet 160R"]],
    ["yamaha", ["Yamaha FZ-S V3", "Yamaha R15 V4", "yamaha FZS Fi"]],
    ["xyzzy", []],
  ])(
    "q=%s finds the models a buyer meant (brand and model, typos and spacing forgiven)",
    async (q, models) => {
      const page = await search(t.app, `q=${encodeURIComponent(q)}&limit=100`);
      expect(modelsOf(page)).toEqual(models);
      expect(page.total).toBe(page.items.length);
    },
  );

  it.each<[string, string[]]>([
    ["পালসার", ["Bajaj Bajaj Pulsar NS 160", "Bajaj Pulsar 150"]],
    ["পালসার ১৫০", ["Bajaj Pulsar 150"]],
    ["বাজাজ পালসার এনএস", ["Bajaj Bajaj Pulsar NS 160"]],
    ["হোন্ডা", ["Honda CB Hornet 160R"]],
    ["হন্ডা হর্নেট", ["Honda CB Hornet 160R"]],
    ["ইয়ামাহা এফজেডএস", ["Yamaha FZ-S V3", "yamaha FZS Fi"]],
    ["আর১৫", ["Yamaha R15 V4"]],
    ["জিক্সার", ["Suzuki Gixxer SF"]],
    ["রয়েল এনফিল্ড", ["Royal Enfield Classic 350"]],
    ["টিভিএস অ্যাপাচি", ["TVS Apache RTR 160 4V"]],
    ["সাইকেল", []],
  ])("q=%s: a Bangla name finds its models through the catalogue (issue 25)", async (q, models) => {
    const page = await search(t.app, `q=${encodeURIComponent(q)}&limit=100`);
    expect(modelsOf(page)).toEqual(models);
  });

  it("brand= in Bangla is the same brand", async () => {
    const bangla = await search(t.app, `brand=${encodeURIComponent("ইয়ামাহা")}&limit=100`);
    expect(modelsOf(bangla)).toEqual(modelsOf(await search(t.app, "brand=yamaha&limit=100")));
    expect(modelsOf(bangla).length).toBeGreaterThan(0);
  });

  it("q with brand: both must hold; a search sorts and pages like the rest", async () => {
    expect((await search(t.app, "q=pulser&brand=Yamaha")).items).toEqual([]);
    const fzs = await search(t.app, "q=fzs&brand=YAMAHA&limit=100");
    expect(modelsOf(fzs)).toEqual(["Yamaha FZ-S V3", "yamaha FZS Fi"]);
    const isPulsar = (b: Bike) => b.model.includes("Pulsar");
    for (const sort of LISTING_SORTS) {
      const walked = await allPages(t.app, `/api/listings?q=pulser&sort=${sort}&limit=2`);
      expect(walked.ids).toEqual(expected(isPulsar, sort));
    }
    const first = await search(t.app, "q=pulser&limit=2");
    expect(first.total).toBe(expected(isPulsar).length);
  });

  it("hidden listings appear in no search, filter or sort", async () => {
    for (const query of [
      "",
      "q=pulsar",
      "brand=bajaj",
      "sort=price_asc",
      "sort=km_asc",
      "sold=include",
      "maxPrice=60000",
    ]) {
      const { ids } = await allPages(t.app, `/api/listings?${query}&limit=100`);
      for (const id of hidden) expect(ids).not.toContain(id);
    }
    expect((await search(t.app, "maxPrice=60000&sold=include")).total).toBe(0);
  });

  it.each(LISTING_SORTS)(
    "sort=%s: bikes posted between page fetches cause no duplicates and no gaps",
    async (sort) => {
      const seller = await buildUser(t.app, { role: "seller" });
      onTestFinished(() =>
        t.app.db
          .delete(listings)
          .where(eq(listings.sellerId, seller.id))
          .then(() => {}),
      );
      let n = 0;
      const { ids } = await allPages(t.app, `/api/listings?sort=${sort}&limit=4`, {
        between: async () => {
          // Ties with the bikes already there, and values on both sides of the page just read.
          for (const price of [185_000, 99_000, 420_000]) {
            n++;
            await buildListing(t.app, {
              sellerId: seller.id,
              askingPrice: price,
              kmRun: (n % 3) * 20_000,
              year: 2016 + (n % 8),
            });
          }
        },
      });
      expect(n).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      const originals = new Set(bikes.map((b) => b.id));
      expect(ids.filter((id) => originals.has(id))).toEqual(expected(() => true, sort));
    },
  );

  it("any mix of parameters and values: a 200 whose bikes meet every filter in order, or a 4xx; never a 500", async () => {
    const values: Record<string, string[]> = {
      q: [
        "pulser",
        "fz s",
        "১৫০",
        "ＦＺＳ",
        "%",
        "_",
        "'; drop table listings; --",
        "a".repeat(80),
        "(^| )",
        "\\",
        "ß",
      ],
      brand: ["Yamaha", "yamaha!", "Walton", "", "Royal Enfield", "%"],
      minPrice: ["0", "150000", "185000", "-1", "1e5", "abc", "99999999999"],
      maxPrice: ["185000", "0", "10000000", "1.5", ""],
      minCc: ["150", "5000", "0x10"],
      maxCc: ["150", "-3"],
      minYear: ["2018", "1979", "2100", "2101"],
      maxYear: ["2020", "2018"],
      maxKm: ["0", "20000", "1000001"],
      district: ["dhaka", "sylhet", "DHAKA", "nowhere"],
      verified: ["true", "false", "1"],
      negotiable: ["true", "false", ""],
      sold: ["include", "exclude", "all"],
      seller: [verifiedSeller, randomUUID(), "x", "00000000-0000-0000-0000-000000000000"],
      sort: [...LISTING_SORTS, "random"],
      category: ["all", "sports", "commuter", "nope", ""],
      limit: ["1", "3", "100", "0", "x"],
      cursor: [
        "",
        "garbage",
        cursorOf("price_asc", 185000, randomUUID()),
        cursorOf("newest", "2026-03-01 08:10:00+00", randomUUID()),
      ],
    };
    let seed = 20261124;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const statuses = new Set<number>();
    for (let run = 0; run < 150; run++) {
      const params = new URLSearchParams();
      for (const [name, options] of Object.entries(values)) {
        if (next(3) === 0) params.append(name, options[next(options.length)]!);
      }
      if (next(10) === 0) params.append("sort", "newest"); // a repeated parameter
      const res = await call(t.app, { method: "GET", url: `/api/listings?${params}` });
      statuses.add(res.statusCode);
      expect([200, 400, 404], `${params}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode !== 200) {
        expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
        continue;
      }
      const page: ListingsSearchPage = res.json();
      const sort = (params.get("sort") || "newest") as ListingSort;
      const byId = new Map(bikes.map((b) => [b.id, b]));
      const got = page.items.map((l) => byId.get(l.id)!);
      expect(got.every(Boolean), `${params}: a bike from nowhere`).toBe(true);
      expect([...got].sort(ORDER[sort]), `${params}: order`).toEqual(got);
      for (const b of got) {
        const min = Number(params.get("minPrice") ?? 0);
        const max = Number(params.get("maxPrice") || Number.POSITIVE_INFINITY);
        expect(b.askingPrice >= min && b.askingPrice <= max, `${params}: price`).toBe(true);
        if (params.get("district")) expect(b.districtSlug).toBe(params.get("district"));
        if (params.get("sold") !== "include") expect(b.sold).toBe(false);
        if (params.get("verified") === "true") expect(b.verified).toBe(true);
      }
      expect(page.total).toBeGreaterThanOrEqual(page.items.length);
    }
    expect([...statuses].sort()).toEqual([200, 400, 404]);
  });

  it("the brand filter's choices: GET /api/listings/brands, each brand once, alphabetical", async () => {
    const res = await call(t.app, { method: "GET", url: "/api/listings/brands" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      brands: ["Bajaj", "Hero", "Honda", "Royal Enfield", "Suzuki", "TVS", "Yamaha"],
    });
  });

  it.each<[string, string]>([
    ["minPrice=cheap", "minPrice"],
    ["maxPrice=-1", "maxPrice"],
    ["maxPrice=10000001", "maxPrice"],
    ["minCc=1.5", "minCc"],
    ["maxCc=99999", "maxCc"],
    ["minYear=1900", "minYear"],
    ["maxYear=soon", "maxYear"],
    ["maxKm=-5", "maxKm"],
    ["district=atlantis", "district"],
    ["verified=yes", "verified"],
    ["negotiable=1", "negotiable"],
    ["sold=maybe", "sold"],
    ["sort=cheapest", "sort"],
    ["seller=not-a-uuid", "seller"],
    [`q=${"a".repeat(81)}`, "q"],
    [`brand=${"b".repeat(61)}`, "brand"],
    ["minPrice=200000&maxPrice=100000", "minPrice"],
    ["minCc=500&maxCc=150", "minCc"],
    ["minYear=2022&maxYear=2018", "minYear"],
    ["limit=101", "limit"],
  ])("%s: 400 naming the field", async (query, field) => {
    const res = await call(t.app, { method: "GET", url: `/api/listings?${query}` });
    expectProblem(res, 400);
    expect(res.json().errors).toHaveProperty(field);
    expect(res.json().detail).toBe(res.json().errors[field]);
  });

  it("a range the wrong way round says which", async () => {
    const res = await call(t.app, { method: "GET", url: "/api/listings?minPrice=200000&maxPrice=100000" });
    expect(res.json()).toMatchObject({
      status: 400,
      detail: MSG.listing.minAboveMax("price"),
      errors: { minPrice: MSG.listing.minAboveMax("price") },
    });
  });

  it("an unknown category is still a 404", async () => {
    const res = await call(t.app, { method: "GET", url: "/api/listings?category=spaceships&q=pulsar" });
    expectProblem(res, 404, MSG.listing.unknownCategory);
  });

  it("a cursor of another sort: 400, start again", async () => {
    const first = await search(t.app, "sort=price_asc&limit=2");
    for (const sort of LISTING_SORTS.filter((s) => s !== "price_asc")) {
      const res = await call(t.app, {
        method: "GET",
        url: `/api/listings?sort=${sort}&cursor=${first.nextCursor}`,
      });
      expectProblem(res, 400, MSG.listing.badCursor);
      expect(res.json().errors).toEqual({ cursor: MSG.listing.badCursor });
    }
  });

  it.each<[string, string, string]>([
    ["a price that is text", "price_asc", cursorOf("price_asc", "185000", randomUUID())],
    ["a price with a fraction", "price_asc", cursorOf("price_asc", 185000.5, randomUUID())],
    ["a price beyond an integer column", "price_desc", cursorOf("price_desc", 2 ** 31, randomUUID())],
    ["a year beyond an integer column", "year_desc", cursorOf("year_desc", -(2 ** 40), randomUUID())],
    ["kilometres as null", "km_asc", cursorOf("km_asc", null, randomUUID())],
    ["a bad id", "km_asc", cursorOf("km_asc", 100, "x")],
    ["a date that cannot be", "newest", cursorOf("newest", "2025-02-30 00:00:00+00", randomUUID())],
    ["a date as a number", "newest", cursorOf("newest", 1_700_000_000, randomUUID())],
    ["an old two-part cursor", "newest", cursorOf("2025-01-01 00:00:00+00", randomUUID())],
    ["a fourth part", "price_asc", cursorOf("price_asc", 1, randomUUID(), "x")],
    ["an object", "price_asc", Buffer.from(JSON.stringify({ sort: "price_asc" })).toString("base64url")],
    ["not base64 JSON", "price_asc", "%%%"],
  ])("a cursor with %s: 400, never a 500", async (_, sort, cursor) => {
    for (const q of ["", "&q=pulsar"]) {
      const res = await call(t.app, {
        method: "GET",
        url: `/api/listings?sort=${sort}&cursor=${encodeURIComponent(cursor)}${q}`,
      });
      expectProblem(res, 400, MSG.listing.badCursor);
      expect(res.json().errors).toEqual({ cursor: MSG.listing.badCursor });
    }
  });
});

describe("a big market: the count stops at TOTAL_CAP, and searches over many models", () => {
  const t = setupTestApp();
  let template: Awaited<ReturnType<typeof buildListing>>;

  /** `n` copies of the template in one statement (prices and times spread), with `set` columns changed. */
  async function bulk(n: number, set: { modelKey?: string; categorySlug?: string } = {}) {
    await t.app.db.execute(sql`
      insert into ${listings} (seller_id, category_slug, model, brand, engine_cc, brand_new_price,
        asking_price, total_used, model_key, year, km_run, district_slug, has_registration, photo_key, created_at)
      select seller_id, ${set.categorySlug ?? template.categorySlug}, model, brand, engine_cc, brand_new_price,
        100000 + (g % 50) * 1000, total_used, ${set.modelKey ?? template.modelKey}, year, (g * 7) % 1000,
        district_slug, has_registration, photo_key, now() - g * interval '1 second'
      from ${listings}, generate_series(1, ${n}) g
      where ${listings.id} = ${template.id}`);
  }

  beforeAll(async () => {
    template = await buildListing(t.app, { brand: "Bajaj", model: "Pulsar 150", categorySlug: "touring" });
    await bulk(TOTAL_CAP + 4);
  });

  it(`more than ${TOTAL_CAP} matches: total ${TOTAL_CAP} with totalIsCapped, on the first page and the next`, async () => {
    for (const query of ["", "category=touring", "q=pulser", "brand=bajaj", "sort=price_asc"]) {
      const first = await search(t.app, `${query}&limit=50`);
      expect(first).toMatchObject({ total: TOTAL_CAP, totalIsCapped: true });
      expect(first.items).toHaveLength(50);
      const next = await search(t.app, `${query}&limit=50&cursor=${first.nextCursor}`);
      expect(next).toMatchObject({ total: TOTAL_CAP, totalIsCapped: true });
    }
  });

  it(`exactly ${TOTAL_CAP} or fewer: counted exactly`, async () => {
    // Copies ask 100,000 to 149,000 in steps of 1,000, 20 or 21 each; the template 150,000.
    const cheap = await search(t.app, "maxPrice=100000&limit=5");
    expect(cheap).toMatchObject({ total: 20, totalIsCapped: false });
    const exact = await search(t.app, "minPrice=100000&maxPrice=148000&limit=5");
    const rows = await t.app.db.$count(listings, sql`${listings.askingPrice} between 100000 and 148000`);
    expect(rows).toBeLessThanOrEqual(TOTAL_CAP);
    expect(exact).toMatchObject({ total: rows, totalIsCapped: false });
  });

  it(`a search matching more than ${MANY_MODELS} models pages in the same order as one matching a few`, async () => {
    const models = MANY_MODELS + 5;
    for (let i = 0; i < models; i++) {
      const row = await buildListing(t.app, {
        brand: "Walton",
        model: `Xplore M${i}`,
        categorySlug: "scooters",
      });
      await bulk(2, { modelKey: row.modelKey, categorySlug: "scooters" });
    }
    const all = await t.app.db
      .select({ id: listings.id, modelKey: listings.modelKey })
      .from(listings)
      .where(eq(listings.categorySlug, "scooters"))
      .orderBy(asc(listings.askingPrice), asc(listings.id));
    const many = await allPages(t.app, "/api/listings?brand=walton&sort=price_asc&limit=40");
    expect(many.ids).toEqual(all.map((r) => r.id));
    expect((await search(t.app, "brand=walton")).total).toBe(models * 3);
    // "m1" is in eleven of them (m1, m10 to m19): a few models, each walked through its own index.
    const few = await allPages(t.app, "/api/listings?q=walton%20xplore%20m1&sort=price_asc&limit=4");
    const want = all.filter((r) => /^walton xplore m1\d?$/.test(r.modelKey)).map((r) => r.id);
    expect(want).toHaveLength(11 * 3);
    expect(few.ids).toEqual(want);
  });
});
