import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { listings } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { buildListing, buildUser, type TestListing } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import { allPages, getPage } from "./testing.ts";

/** Cursors as the server encodes them; here with values the server would never write. */
const encode = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString("base64url");
/** The feeds' cursor (`/api/listings/advertised`) and the search's, which also names its sort. */
const cursorOf = (createdAt: string, id: string) => ({
  feed: encode([createdAt, id]),
  search: encode(["newest", createdAt, id]),
});

describe("browsing pages (GET /api/listings)", () => {
  const t = setupTestApp();
  /** Thirty listings a minute apart, newest first; every third is a sports bike. */
  let originals: { id: string; category: string }[] = [];
  /** Tests that add listings take them away again, so every other test sees exactly the thirty. */
  const removeListingsOf = async (sellerId: string) => {
    await t.app.db.delete(listings).where(eq(listings.sellerId, sellerId));
  };

  beforeAll(async () => {
    const seller = await buildUser(t.app, { role: "seller" });
    const base = Date.parse("2025-06-01T12:00:00Z");
    const made: { id: string; category: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const categorySlug = i % 3 === 0 ? "sports" : "commuter";
      const row = await buildListing(t.app, {
        sellerId: seller.id,
        categorySlug,
        model: `Bike ${i}`,
        createdAt: new Date(base + i * 60_000),
      });
      made.push({ id: row.id, category: categorySlug });
    }
    originals = made.reverse();
  });

  it("24 a page by default, newest first, then the rest", async () => {
    const first = await getPage(t.app, "/api/listings");
    expect(first.items.map((l) => l.id)).toEqual(originals.slice(0, 24).map((l) => l.id));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await getPage(t.app, `/api/listings?cursor=${first.nextCursor}`);
    expect(second.items.map((l) => l.id)).toEqual(originals.slice(24).map((l) => l.id));
    expect(second.nextCursor).toBeNull();
  });

  it("no duplicates and no gaps while new bikes are posted between page fetches", async () => {
    const seller = await buildUser(t.app, { role: "seller" });
    onTestFinished(() => removeListingsOf(seller.id));
    const added: string[] = [];
    const { ids, pages } = await allPages(t.app, "/api/listings?limit=7", {
      between: async () => {
        for (let i = 0; i < 2; i++) added.push((await buildListing(t.app, { sellerId: seller.id })).id);
      },
    });
    expect(pages).toBe(5);
    expect(added).toHaveLength(8);
    expect(ids).toEqual(originals.map((l) => l.id));

    // The new bikes were really there all along: a fresh first page starts with them.
    const fresh = await getPage(t.app, "/api/listings?limit=8");
    expect(new Set(fresh.items.map((l) => l.id))).toEqual(new Set(added));
  });

  it("by category: only that category's bikes, paged", async () => {
    const { ids } = await allPages(t.app, "/api/listings?category=sports&limit=4");
    expect(ids).toEqual(originals.filter((l) => l.category === "sports").map((l) => l.id));
    const all = await allPages(t.app, "/api/listings?category=all&limit=100");
    expect(all.ids).toEqual(originals.map((l) => l.id));
    expect(await getPage(t.app, "/api/listings?category=cruiser")).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
      totalIsCapped: false,
    });
  });

  it("an unknown category: 404 with a message", async () => {
    const res = await call(t.app, { method: "GET", url: "/api/listings?category=spaceships" });
    expectProblem(res, 404);
    expect(res.json().detail).toBe(MSG.listing.unknownCategory);
  });

  it("hidden listings are left out of every page", async () => {
    const hidden = await buildListing(t.app, { hidden: true, categorySlug: "sports" });
    onTestFinished(() => removeListingsOf(hidden.sellerId));
    const { ids } = await allPages(t.app, "/api/listings?limit=100");
    const sports = await allPages(t.app, "/api/listings?category=sports&limit=100");
    expect(ids).not.toContain(hidden.id);
    expect(sports.ids).not.toContain(hidden.id);
  });

  const same = (cursor: string) => ({ feed: cursor, search: cursor });
  it.each<[string, { feed: string; search: string }]>([
    ["not base64 JSON", same("garbage!")],
    ["the wrong shape", cursorOf("yesterday", "x")],
    ["a bad id", cursorOf("2025-06-01 12:00:00+00", "x")],
    ["an object", same(encode({ createdAt: 1 }))],
    [
      "the other kind of list's",
      {
        feed: cursorOf("2025-06-01 12:00:00+00", randomUUID()).search,
        search: cursorOf("2025-06-01 12:00:00+00", randomUUID()).feed,
      },
    ],
    ...[
      "2025-02-30 00:00:00+00",
      "0000-01-01 00:00:00+00",
      "2025-01-01 25:00:00+00",
      "2025-01-01 00:00:00+99",
    ].map((date): [string, { feed: string; search: string }] => [
      `a date that cannot be (${date})`,
      cursorOf(date, randomUUID()),
    ]),
  ])("a cursor that is %s: 400 with a message", async (_, cursors) => {
    for (const url of ["/api/listings", "/api/listings/advertised", "/api/listings?category=sports"]) {
      const cursor = url.includes("advertised") ? cursors.feed : cursors.search;
      const res = await call(t.app, {
        method: "GET",
        url: `${url}${url.includes("?") ? "&" : "?"}cursor=${cursor}`,
      });
      expectProblem(res, 400);
      expect(res.json()).toMatchObject({
        detail: MSG.listing.badCursor,
        errors: { cursor: MSG.listing.badCursor },
      });
    }
  });

  it.each(["101", "0", "-1", "ten", "2.5"])("limit=%s: 400 (no unbounded or empty pages)", async (limit) => {
    for (const url of ["/api/listings", "/api/listings/advertised"]) {
      const res = await call(t.app, { method: "GET", url: `${url}?limit=${limit}` });
      expectProblem(res, 400);
      expect(res.json().errors).toHaveProperty("limit");
    }
  });

  it("limit=100 is the largest page", async () => {
    const page = await getPage(t.app, "/api/listings?limit=100");
    expect(page.items).toHaveLength(30);
    expect(page.nextCursor).toBeNull();
  });

  it("bikes posted within the same millisecond (or the same microsecond) page without gaps or repeats", async () => {
    const seller = await buildUser(t.app, { role: "seller" });
    onTestFinished(() => removeListingsOf(seller.id));
    const rows: TestListing[] = [];
    for (let i = 0; i < 9; i++)
      rows.push(await buildListing(t.app, { sellerId: seller.id, categorySlug: "touring" }));
    // Three differ by microseconds only (one millisecond for JavaScript), six share one instant.
    const micros = ["000001", "000002", "000003", "000002", "000002", "000002", "000002", "000002", "000002"];
    for (const [i, row] of rows.entries()) {
      await t.app.db
        .update(listings)
        .set({ createdAt: sql`${`2025-01-01 00:00:00.123${micros[i]!.slice(3)}+00`}::timestamptz` })
        .where(eq(listings.id, row.id));
    }
    const expected = rows
      .map((r, i) => ({ id: r.id, us: micros[i]! }))
      .sort((a, b) => (a.us === b.us ? (a.id < b.id ? 1 : -1) : a.us < b.us ? 1 : -1))
      .map((r) => r.id);
    for (const limit of [1, 2, 4]) {
      const { ids } = await allPages(t.app, `/api/listings?category=touring&limit=${limit}`);
      expect(ids).toEqual(expected);
    }
  });
});
