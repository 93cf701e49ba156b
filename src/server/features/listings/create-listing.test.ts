import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { listings } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { jpeg, jpegPart, jpegParts, signedInUser } from "#server/test/factories.ts";
import { postListing } from "#server/test/requests.ts";
import { MSG } from "#shared/messages.ts";
import { type Listing, MAX_ASKING_PRICE, MAX_PHOTOS, maxYear } from "#shared/schemas/listings.ts";
import { listingDetail, uploadPhoto } from "./testing.ts";

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

  it("reads numbers typed in Bengali digits as the same numbers, and filters by them too", async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    const model = `Bangla Digits ${Date.now()}`;
    const res = await postListing(t.app, cookie, {
      model,
      engineCc: "১৫০",
      askingPrice: "১৮৫০০০",
      brandNewPrice: "২৪৫০০০",
      year: "২০২১",
      kmRun: "১৮৫০০",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().listing).toMatchObject({
      engineCc: 150,
      askingPrice: 185_000,
      brandNewPrice: 245_000,
      year: 2021,
      kmRun: 18_500,
    });
    const found = await call(t.app, {
      method: "GET",
      url: `/api/listings?q=${encodeURIComponent(model)}&maxPrice=${encodeURIComponent("১৯০০০০")}`,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.map((l: Listing) => l.model)).toEqual([model]);
  });

  it("posts a seller's bike and answers with the whole listing", async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "seller", name: "Karim Seller" });
    const res = await postListing(t.app, cookie, {
      model: "  Yamaha FZS V3  ",
      photo: jpegPart(bigPhoto),
      area: "  Mirpur 10 ",
      // A browser sends a textarea's line breaks as CRLF in a form; stored as LF, as an edit's JSON is.
      description: "Serviced every 3,000 km.\r\nNew tyres.",
      taxTokenUntil: "2027-06",
      insuranceUntil: "2026-12",
      nameTransfer: "true",
      negotiable: "false",
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
      year: 2021,
      kmRun: 18_500,
      district: { slug: "dhaka", label: "Dhaka" },
      area: "Mirpur 10",
      description: "Serviced every 3,000 km.\nNew tyres.",
      hasRegistration: true,
      taxTokenUntil: "2027-06",
      insuranceUntil: "2026-12",
      nameTransfer: true,
      negotiable: false,
      advertised: false,
      status: "available",
      seller: { id: user.id, name: "Karim Seller", verified: false, photo: null },
    });
    // Public: the seller's email is not part of a listing.
    expect(listing.seller).not.toHaveProperty("email");
    expect(Number.isInteger(listing.brandNewPrice) && Number.isInteger(listing.askingPrice)).toBe(true);
    expect(Date.now() - Date.parse(listing.postedAt)).toBeLessThan(60_000);
    expect(listing.photo).toMatchObject({ width: 1280, height: 960 });
    expect(listing.photo.srcSet).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-1280\.webp 1280w$/);

    const again = await listingDetail(t.app, listing.id);
    const { photos, ...shown } = again.listing;
    expect(shown).toEqual(listing);
    expect(photos).toEqual([{ id: expect.any(String), ...listing.photo }]);
  });

  it("leaves out what is optional: no area, description or papers' dates; name transfer no, negotiable yes", async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    const res = await postListing(t.app, cookie, { area: "  ", description: "", taxTokenUntil: "" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().listing).toMatchObject({
      area: null,
      description: null,
      taxTokenUntil: null,
      insuranceUntil: null,
      nameTransfer: false,
      negotiable: true,
      hasRegistration: true,
    });
  });

  it(`takes 1 to ${MAX_PHOTOS} photos in the order sent: the first is the cover`, async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    const parts = await jpegParts(MAX_PHOTOS);
    // The same picture uploaded on its own is stored once, under the same id: the photos' ids, in order.
    const ids: string[] = [];
    for (const part of parts) ids.push((await uploadPhoto(t.app, cookie, part)).id);
    expect(new Set(ids).size).toBe(MAX_PHOTOS);

    const res = await postListing(t.app, cookie, { photo: parts });
    expect(res.statusCode, res.body).toBe(201);
    const { listing } = await listingDetail(t.app, res.json().listing.id);
    expect(listing.photos.map((p) => p.id)).toEqual(ids);
    expect(listing.photo).toEqual(res.json().listing.photo);
    const { id: coverId, ...cover } = listing.photos[0]!;
    expect(listing.photo).toEqual(cover);
    expect(coverId).toBe(ids[0]);
  });

  it(`${MAX_PHOTOS + 1} photos or more: 400 naming the photo field, nothing posted`, async () => {
    const { user, cookie } = seller;
    for (const n of [MAX_PHOTOS + 1, MAX_PHOTOS + 4]) {
      const res = await postListing(t.app, cookie, { photo: await jpegParts(n) });
      expectProblem(res, 400, MSG.listing.tooManyPhotos(MAX_PHOTOS));
      expect(res.json().errors).toEqual({ photo: MSG.listing.tooManyPhotos(MAX_PHOTOS) });
    }
    expect(await listingCount(t.app, user.id)).toBe(0);
  });

  it("a photo that is not an image among good ones: refused, no listing", async () => {
    const { user, cookie } = seller;
    const [first, second] = await jpegParts(2);
    const res = await postListing(t.app, cookie, {
      photo: [first!, jpegPart(Buffer.from("not a picture at all")), second!],
    });
    expectProblem(res, 415, MSG.image.notImage);
    expect(await listingCount(t.app, user.id)).toBe(0);
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
    ["year", MSG.listing.yearRequired],
    ["kmRun", MSG.listing.kmRunRequired],
    ["district", MSG.listing.districtRequired],
    ["hasRegistration", MSG.listing.hasRegistrationRequired],
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

  const next = maxYear();
  /** [field, value sent, the field's message]: each refused with a 400 naming only that field. */
  const badValues: ReadonlyArray<readonly [string, string, string]> = [
    ["year", "", MSG.listing.yearRequired],
    ["year", "twenty", MSG.listing.yearRequired],
    ["year", "2020.5", MSG.listing.yearRequired],
    ["year", "1979", MSG.listing.yearRange(1980, next)],
    ["year", String(next + 1), MSG.listing.yearRange(1980, next)],
    ["kmRun", "", MSG.listing.kmRunRequired],
    ["kmRun", "-1", MSG.listing.kmRunRequired],
    ["kmRun", "many", MSG.listing.kmRunRequired],
    ["kmRun", "1500.5", `${MSG.listing.kmRunRequired} (a whole number)`],
    ["kmRun", "1000001", "at most 1,000,000 km"],
    ["district", "", MSG.listing.districtRequired],
    ["district", "atlantis", MSG.listing.districtRequired],
    ["district", "Dhaka", MSG.listing.districtRequired],
    ["area", "81 characters", "at most 80 characters"],
    ["description", "2,001 characters", "at most 2,000 characters"],
    ["hasRegistration", "", MSG.listing.hasRegistrationRequired],
    ["hasRegistration", "maybe", MSG.listing.hasRegistrationRequired],
    ["taxTokenUntil", "2027-13", MSG.listing.monthInvalid],
    ["taxTokenUntil", "06/2027", MSG.listing.monthInvalid],
    ["insuranceUntil", "2027-6", MSG.listing.monthInvalid],
    ["insuranceUntil", "2027-06-01", MSG.listing.monthInvalid],
    ["nameTransfer", "yes please", MSG.listing.yesNoInvalid],
    ["negotiable", "1", MSG.listing.yesNoInvalid],
  ];

  /** The long values, by the name their test shows. */
  const longValues: Record<string, string> = {
    "81 characters": "x".repeat(81),
    "2,001 characters": "x".repeat(2001),
  };

  it.each(badValues)("%s = %j: 400 with %j, nothing posted", async (field, value, message) => {
    const { user, cookie } = seller;
    const before = await listingCount(t.app, user.id);
    const res = await postListing(t.app, cookie, { [field]: longValues[value] ?? value });
    expectProblem(res, 400, message);
    expect(res.json().errors).toEqual({ [field]: message });
    expect(await listingCount(t.app, user.id)).toBe(before);
  });

  /** The form's fields as a JSON client sends them: numbers as numbers, no photo (JSON has no files). */
  const jsonForm = {
    model: "Yamaha FZS V3",
    engineCc: 149,
    brand: "Yamaha",
    brandNewPrice: 245_000,
    askingPrice: 180_000,
    totalUsed: "2 years",
    year: 2021,
    kmRun: 18_500,
    district: "dhaka",
    hasRegistration: true,
  };
  const numberFields = [
    ["year", MSG.listing.yearRequired],
    ["kmRun", MSG.listing.kmRunRequired],
    ...numbers,
  ] as const;
  const notNumbers = [null, true, false, [], [2020], {}];

  it.each(numberFields.flatMap(([field, message]) => notNumbers.map((v) => [field, v, message] as const)))(
    "JSON %s = %j: refused with the field's message, not taken as a number",
    async (field, value, message) => {
      const { user, cookie } = seller;
      const before = await listingCount(t.app, user.id);
      const res = await call(t.app, {
        method: "POST",
        url: "/api/listings",
        cookie,
        payload: { ...jsonForm, [field]: value },
      });
      expectProblem(res, 400);
      // The photo is missing too (JSON carries no files): the number is refused beside it.
      expect(res.json().errors).toEqual({ [field]: message, photo: MSG.listing.photoRequired });
      expect(await listingCount(t.app, user.id)).toBe(before);
    },
  );

  it("the limits themselves are accepted: 1980 and next year, 0 and 1,000,000 km, 80 and 2,000 characters", async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    const edges = [
      { year: "1980", kmRun: "0", area: "a".repeat(80), description: "d".repeat(2000) },
      { year: String(next), kmRun: "1000000" },
    ];
    for (const fields of edges) {
      const res = await postListing(t.app, cookie, fields);
      expect(res.statusCode, res.body).toBe(201);
      const listing: Listing = res.json().listing;
      expect(listing.year).toBe(Number(fields.year));
      expect(listing.kmRun).toBe(Number(fields.kmRun));
      if (fields.area) expect([listing.area, listing.description]).toEqual([fields.area, fields.description]);
    }
  });

  it("a description of 2,000 characters typed with line breaks fits, though the form sends them as CRLF", async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    // 1,000 lines of "d" and a break: 2,000 characters in the textarea, 2,999 bytes as the form sends it.
    const typed = "d\n".repeat(999).concat("dd");
    const res = await postListing(t.app, cookie, { description: typed.replaceAll("\n", "\r\n") });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().listing.description).toBe(typed);
  });

  it("every district slug of the list is accepted and shown with its label", async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    const res = await postListing(t.app, cookie, { district: "coxs-bazar" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().listing.district).toEqual({ slug: "coxs-bazar", label: "Cox's Bazar" });
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
