import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { listings, orders } from "#server/db/schema.ts";
import { call, multipart, setupTestApp } from "#server/test/app.ts";
import { buildListing, buildUser, jpeg, signedInUser, type TestListing } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import { type Listing, type ListingsPage, MAX_ASKING_PRICE } from "#shared/schemas/listings.ts";

const VALID = {
  model: "Yamaha FZS V3",
  engineCc: "149",
  category: "sports",
  brand: "Yamaha",
  brandNewPrice: "245000",
  askingPrice: "180000",
  totalUsed: "2 years",
};

type Fields = Record<string, string | { data: Buffer; filename: string; type?: string } | undefined>;

let photo: Buffer;
beforeAll(async () => {
  photo = await jpeg(1600, 1200);
});

function postListing(app: FastifyInstance, cookie: string | undefined, fields: Fields) {
  return multipart(fields).then((form) =>
    call(app, { method: "POST", url: "/api/listings", cookie, ...form }),
  );
}

const withPhoto = (fields: Fields = {}): Fields => ({
  ...VALID,
  photo: { data: photo, filename: "bike.jpg", type: "image/jpeg" },
  ...fields,
});

async function getPage(app: FastifyInstance, url: string, cookie?: string): Promise<ListingsPage> {
  const res = await call(app, { method: "GET", url, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of a list, following nextCursor; `between` runs after each page is fetched. */
async function allPages(
  app: FastifyInstance,
  url: string,
  opts: { cookie?: string; between?: () => Promise<void> } = {},
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes("?") ? "&" : "?";
    const page = await getPage(
      app,
      cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url,
      opts.cookie,
    );
    ids.push(...page.items.map((l) => l.id));
    cursor = page.nextCursor;
    pages++;
    expect(pages, "paging never ends").toBeLessThan(100);
    if (cursor) await opts.between?.();
  } while (cursor);
  return { ids, pages };
}

/** A cursor as the server encodes one; here with values the server would never write. */
const cursorOf = (createdAt: string, id: string) =>
  Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");

/** The booking API comes later: a sale is written the way booking will write it. */
async function markSold(app: FastifyInstance, listingId: string) {
  const buyer = await buildUser(app, { role: "buyer" });
  await app.db.update(listings).set({ status: "sold" }).where(eq(listings.id, listingId));
  await app.db.insert(orders).values({
    listingId,
    buyerId: buyer.id,
    price: 150_000,
    phone: "01711000000",
    meetingLocation: "Dhanmondi 27",
  });
}

async function listingCount(app: FastifyInstance, sellerId: string): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(listings).where(eq(listings.sellerId, sellerId));
  return row!.n;
}

function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
}

describe("POST /api/listings", () => {
  const t = setupTestApp();
  /** Posts only invalid forms: never has a listing. */
  let seller: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    seller = await signedInUser(t.app, { role: "seller" });
  });

  it("posts a seller's bike and answers with the whole listing", async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "seller", name: "Karim Seller" });
    const res = await postListing(t.app, cookie, withPhoto({ model: "  Yamaha FZS V3  " }));
    expect(res.statusCode, res.body).toBe(201);
    const listing: Listing = res.json().listing;
    expect(listing).toMatchObject({
      model: "Yamaha FZS V3",
      engineCc: 149,
      brand: "Yamaha",
      category: { slug: "sports", label: "Sports" },
      brandNewPrice: 245_000,
      askingPrice: 180_000,
      totalUsed: "2 years",
      advertised: false,
      status: "available",
      seller: { id: user.id, name: "Karim Seller", email: user.email, verified: false, photo: null },
    });
    expect(Number.isInteger(listing.brandNewPrice) && Number.isInteger(listing.askingPrice)).toBe(true);
    expect(Date.now() - Date.parse(listing.postedAt)).toBeLessThan(60_000);
    expect(listing.photo).toMatchObject({ width: 1280, height: 960 });
    expect(listing.photo.srcSet).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-1280\.webp 1280w$/);

    const again = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().listing).toEqual(listing);
  });

  it("defaults the category to commuter when none is sent", async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    const res = await postListing(t.app, cookie, withPhoto({ category: undefined }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().listing.category).toEqual({ slug: "commuter", label: "Commuter" });
  });

  const required = [
    ["model", MSG.listing.modelRequired],
    ["engineCc", MSG.listing.engineRequired],
    ["brand", MSG.listing.brandRequired],
    ["brandNewPrice", MSG.listing.brandNewPriceRequired],
    ["askingPrice", MSG.listing.askingPriceRequired],
    ["totalUsed", MSG.listing.totalUsedRequired],
    ["photo", MSG.listing.photoRequired],
  ] as const;

  it.each(required)("without %s: 400 with its message, nothing posted", async (field, message) => {
    const { user, cookie } = seller;
    const res = await postListing(t.app, cookie, withPhoto({ [field]: undefined }));
    expectProblem(res, 400);
    expect(res.json().errors).toEqual({ [field]: message });
    expect(res.json().detail).toBe(message);
    expect(await listingCount(t.app, user.id)).toBe(0);
  });

  it("an empty form names every missing field", async () => {
    const { cookie } = seller;
    const res = await postListing(t.app, cookie, { category: "sports" });
    expectProblem(res, 400);
    expect(res.json().errors).toEqual(Object.fromEntries(required));
  });

  it.each(["model", "brand", "totalUsed"] as const)("a blank %s counts as missing", async (field) => {
    const { cookie } = seller;
    const res = await postListing(t.app, cookie, withPhoto({ [field]: "   " }));
    expectProblem(res, 400);
    expect(res.json().errors).toEqual({ [field]: required.find(([f]) => f === field)![1] });
  });

  const numbers = [
    ["engineCc", MSG.listing.engineRequired],
    ["brandNewPrice", MSG.listing.brandNewPriceRequired],
    ["askingPrice", MSG.listing.askingPriceRequired],
  ] as const;
  const badNumbers = ["", "0", "-150", "abc", "12abc"];

  it.each(numbers.flatMap(([field, message]) => badNumbers.map((value) => [field, value, message] as const)))(
    "%s = %j: 400 with the field's message",
    async (field, value, message) => {
      const { cookie } = seller;
      const res = await postListing(t.app, cookie, withPhoto({ [field]: value }));
      expectProblem(res, 400);
      expect(res.json().errors).toEqual({ [field]: message });
    },
  );

  it.each(numbers)("%s must be whole taka / whole CC (no fractions)", async (field, message) => {
    const { cookie } = seller;
    const res = await postListing(t.app, cookie, withPhoto({ [field]: "1500.5" }));
    expectProblem(res, 400);
    expect(res.json().errors[field]).toContain(message);
  });

  it("prices above what can be listed (or paid by card) are refused with the limit in taka", async () => {
    const { user, cookie } = seller;
    const tooDear = await postListing(
      t.app,
      cookie,
      withPhoto({ askingPrice: String(MAX_ASKING_PRICE + 1) }),
    );
    expectProblem(tooDear, 400);
    expect(tooDear.json().errors).toEqual({ askingPrice: "at most ৳1,00,00,000" });
    const brandNew = await postListing(t.app, cookie, withPhoto({ brandNewPrice: "100000001" }));
    expect(brandNew.json().errors).toEqual({ brandNewPrice: "at most ৳10,00,00,000" });
    expect(await listingCount(t.app, user.id)).toBe(0);
    const dearest = await postListing(t.app, cookie, withPhoto({ askingPrice: String(MAX_ASKING_PRICE) }));
    expect(dearest.statusCode).toBe(201);
  });

  it("an unknown category: 400 asking to select one", async () => {
    const { cookie } = seller;
    for (const category of ["spaceships", ""]) {
      const res = await postListing(t.app, cookie, withPhoto({ category }));
      expectProblem(res, 400);
      expect(res.json().errors).toEqual({ category: MSG.listing.categoryInvalid });
    }
  });

  it("an empty file or a text field in place of the photo: the photo message", async () => {
    const { cookie } = seller;
    for (const value of [{ data: Buffer.alloc(0), filename: "bike.jpg", type: "image/jpeg" }, "bike.jpg"]) {
      const res = await postListing(t.app, cookie, withPhoto({ photo: value }));
      expectProblem(res, 400);
      expect(res.json().errors).toEqual({ photo: MSG.listing.photoRequired });
    }
  });

  it.each(["buyer", "admin"] as const)("a %s may not post: 403, nothing stored", async (role) => {
    const { user, cookie } = await signedInUser(t.app, { role });
    const res = await postListing(t.app, cookie, withPhoto());
    expectProblem(res, 403);
    expect(res.json().detail).toBe(MSG.auth.forbidden);
    expect(await listingCount(t.app, user.id)).toBe(0);
  });

  it("signed out: 401", async () => {
    const res = await postListing(t.app, undefined, withPhoto());
    expectProblem(res, 401);
    expect(res.json().detail).toBe(MSG.auth.notSignedIn);
  });

  it("signed out: refused before the body is read, however large", async () => {
    // Over the 10 MB file limit: reading the body first would answer 413, not 401.
    const huge = { data: Buffer.alloc(11 * 1024 * 1024, 1), filename: "bike.jpg", type: "image/jpeg" };
    const res = await postListing(t.app, undefined, withPhoto({ photo: huge }));
    expectProblem(res, 401);
  });
});

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
    expect(await getPage(t.app, "/api/listings?category=cruiser")).toEqual({ items: [], nextCursor: null });
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

  it.each([
    ["not base64 JSON", "garbage!"],
    ["the wrong shape", Buffer.from(JSON.stringify(["yesterday", "x"])).toString("base64url")],
    ["a bad id", Buffer.from(JSON.stringify(["2025-06-01 12:00:00+00", "x"])).toString("base64url")],
    ["an object", Buffer.from(JSON.stringify({ createdAt: 1 })).toString("base64url")],
    ...[
      "2025-02-30 00:00:00+00",
      "0000-01-01 00:00:00+00",
      "2025-01-01 25:00:00+00",
      "2025-01-01 00:00:00+99",
    ].map((date) => [`a date that cannot be (${date})`, cursorOf(date, randomUUID())]),
  ])("a cursor that is %s: 400 with a message", async (_, cursor) => {
    for (const url of ["/api/listings", "/api/listings/advertised", "/api/listings?category=sports"]) {
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
