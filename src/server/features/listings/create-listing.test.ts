import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { listings } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { jpeg, jpegPart, signedInUser } from "#server/test/factories.ts";
import { postListing } from "#server/test/requests.ts";
import { MSG } from "#shared/messages.ts";
import { type Listing, MAX_ASKING_PRICE } from "#shared/schemas/listings.ts";

/** A photo larger than the biggest stored size, so the answer shows it scaled down. */
let bigPhoto: Buffer;
beforeAll(async () => {
  bigPhoto = await jpeg(1600, 1200);
});

async function listingCount(app: FastifyInstance, sellerId: string): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(listings).where(eq(listings.sellerId, sellerId));
  return row!.n;
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
    const res = await postListing(t.app, cookie, {
      model: "  Yamaha FZS V3  ",
      photo: jpegPart(bigPhoto),
    });
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
      seller: { id: user.id, name: "Karim Seller", verified: false, photo: null },
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
    const res = await postListing(t.app, cookie, { category: undefined });
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
    const res = await postListing(t.app, cookie, { [field]: undefined });
    expectProblem(res, 400);
    expect(res.json().errors).toEqual({ [field]: message });
    expect(res.json().detail).toBe(message);
    expect(await listingCount(t.app, user.id)).toBe(0);
  });

  it("an empty form names every missing field", async () => {
    const { cookie } = seller;
    // Only the category is left: it has a default.
    const res = await postListing(t.app, cookie, Object.fromEntries(required.map(([f]) => [f, undefined])));
    expectProblem(res, 400);
    expect(res.json().errors).toEqual(Object.fromEntries(required));
  });

  it.each(["model", "brand", "totalUsed"] as const)("a blank %s counts as missing", async (field) => {
    const { cookie } = seller;
    const res = await postListing(t.app, cookie, { [field]: "   " });
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
      const res = await postListing(t.app, cookie, { [field]: value });
      expectProblem(res, 400);
      expect(res.json().errors).toEqual({ [field]: message });
    },
  );

  it.each(numbers)("%s must be whole taka / whole CC (no fractions)", async (field, message) => {
    const { cookie } = seller;
    const res = await postListing(t.app, cookie, { [field]: "1500.5" });
    expectProblem(res, 400);
    expect(res.json().errors[field]).toContain(message);
  });

  it("prices above what can be listed (or paid by card) are refused with the limit in taka", async () => {
    const { user, cookie } = seller;
    const tooDear = await postListing(t.app, cookie, { askingPrice: String(MAX_ASKING_PRICE + 1) });
    expectProblem(tooDear, 400);
    expect(tooDear.json().errors).toEqual({ askingPrice: "at most ৳1,00,00,000" });
    const brandNew = await postListing(t.app, cookie, { brandNewPrice: "100000001" });
    expect(brandNew.json().errors).toEqual({ brandNewPrice: "at most ৳10,00,00,000" });
    expect(await listingCount(t.app, user.id)).toBe(0);
    const dearest = await postListing(t.app, cookie, { askingPrice: String(MAX_ASKING_PRICE) });
    expect(dearest.statusCode).toBe(201);
  });

  it("an unknown category: 400 asking to select one", async () => {
    const { cookie } = seller;
    for (const category of ["spaceships", ""]) {
      const res = await postListing(t.app, cookie, { category });
      expectProblem(res, 400);
      expect(res.json().errors).toEqual({ category: MSG.listing.categoryInvalid });
    }
  });

  it("an empty file or a text field in place of the photo: the photo message", async () => {
    const { cookie } = seller;
    for (const value of [jpegPart(Buffer.alloc(0)), "bike.jpg"]) {
      const res = await postListing(t.app, cookie, { photo: value });
      expectProblem(res, 400);
      expect(res.json().errors).toEqual({ photo: MSG.listing.photoRequired });
    }
  });

  it.each(["buyer", "admin"] as const)("a %s may not post: 403, nothing stored", async (role) => {
    const { user, cookie } = await signedInUser(t.app, { role });
    const res = await postListing(t.app, cookie);
    expectProblem(res, 403);
    expect(res.json().detail).toBe(MSG.auth.forbidden);
    expect(await listingCount(t.app, user.id)).toBe(0);
  });

  it("signed out: 401", async () => {
    const res = await postListing(t.app, undefined);
    expectProblem(res, 401);
    expect(res.json().detail).toBe(MSG.auth.notSignedIn);
  });

  it("signed out: refused before the body is read, however large", async () => {
    // Over the 10 MB file limit: reading the body first would answer 413, not 401.
    const huge = jpegPart(Buffer.alloc(11 * 1024 * 1024, 1));
    const res = await postListing(t.app, undefined, { photo: huge });
    expectProblem(res, 401);
  });
});
