import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { bikeModels, listingPhotoUploads, listings } from "#server/db/schema.ts";
import { deleteUnusedImages } from "#server/images/cleanup.ts";
import { call, expectProblem, multipart, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, jpeg, jpegPart, jpegParts, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import { type Listing, MAX_PHOTOS, maxYear } from "#shared/schemas/listings.ts";
import { listingDetail, patchListing, postedListing, sendPhoto, uploadPhoto } from "./testing.ts";

type Seller = Awaited<ReturnType<typeof signedInUser>>;

/** What GET /api/listings/:id shows of a listing: every field and every photo, in order. */
async function shown(app: FastifyInstance, id: string) {
  return (await listingDetail(app, id)).listing;
}

async function modelKeyOf(app: FastifyInstance, id: string): Promise<string> {
  const [row] = await app.db.select({ key: listings.modelKey }).from(listings).where(eq(listings.id, id));
  return row!.key;
}

describe("PATCH /api/listings/:id", () => {
  const t = setupTestApp();
  let seller: Seller;
  let buyer: Seller;
  beforeAll(async () => {
    seller = await signedInUser(t.app, { role: "seller" });
    buyer = await signedInUser(t.app, { role: "buyer" });
  });

  /** A fresh listing of `seller` with three photos. */
  function fresh(photos = 3) {
    return postedListing(t.app, seller.cookie, photos);
  }

  it("the owner changes the price: 200 with the listing, every other field as it was", async () => {
    const { listing } = await fresh();
    const res = await patchListing(t.app, seller.cookie, listing.id, { askingPrice: 165_000 });
    expect(res.statusCode, res.body).toBe(200);
    const edited: Listing = res.json().listing;
    expect(edited).toEqual({ ...listing, askingPrice: 165_000 });
    const { photos, ...again } = await shown(t.app, listing.id);
    expect(again).toEqual(edited);
    expect(photos).toHaveLength(3);
  });

  it("changes every field at once; JSON numbers and booleans as well as the form's strings", async () => {
    const { listing } = await fresh();
    const res = await patchListing(t.app, seller.cookie, listing.id, {
      model: "  FZ-S V3 ABS ",
      engineCc: 150,
      category: "commuter",
      brand: "Yamaha",
      brandNewPrice: "250000",
      askingPrice: 175_000,
      totalUsed: "3 years",
      year: 2020,
      kmRun: "24000",
      district: "chattogram",
      area: "Agrabad",
      description: "First owner.\nPapers up to date.",
      hasRegistration: false,
      taxTokenUntil: "2026-03",
      insuranceUntil: "2026-09",
      nameTransfer: true,
      negotiable: "false",
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      ...listing,
      model: "FZ-S V3 ABS",
      engineCc: 150,
      category: { slug: "commuter", label: "Commuter" },
      brand: "Yamaha",
      brandNewPrice: 250_000,
      askingPrice: 175_000,
      totalUsed: "3 years",
      year: 2020,
      kmRun: 24_000,
      district: { slug: "chattogram", label: "Chattogram" },
      area: "Agrabad",
      description: "First owner.\nPapers up to date.",
      hasRegistration: false,
      taxTokenUntil: "2026-03",
      insuranceUntil: "2026-09",
      nameTransfer: true,
      negotiable: false,
    };
    expect(res.json().listing).toEqual(expected);
    const { photos: _, ...again } = await shown(t.app, listing.id);
    expect(again).toEqual(expected);
  });

  it("null or a blank clears an optional field; leaving a field out keeps it", async () => {
    const { listing } = await postedListing(t.app, seller.cookie, 1, {
      area: "Mirpur 10",
      description: "Mint",
      taxTokenUntil: "2027-01",
      insuranceUntil: "2027-02",
    });
    const res = await patchListing(t.app, seller.cookie, listing.id, {
      area: null,
      description: "  ",
      taxTokenUntil: "",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().listing).toMatchObject({
      area: null,
      description: null,
      taxTokenUntil: null,
      insuranceUntil: "2027-02",
    });
  });

  const next = maxYear();
  /** [field, value sent, the field's message]: the create form's rules, in JSON. */
  const badValues: ReadonlyArray<readonly [string, unknown, string]> = [
    ["model", "  ", MSG.listing.modelRequired],
    ["brand", "", MSG.listing.brandRequired],
    ["totalUsed", null, MSG.listing.totalUsedRequired],
    ["engineCc", 0, MSG.listing.engineRequired],
    ["brandNewPrice", "abc", MSG.listing.brandNewPriceRequired],
    ["askingPrice", -5, MSG.listing.askingPriceRequired],
    ["askingPrice", 10_000_001, "at most ৳1,00,00,000"],
    ["category", "spaceships", MSG.listing.categoryInvalid],
    ["year", "", MSG.listing.yearRequired],
    ["year", 2020.5, MSG.listing.yearRequired],
    ["year", 1979, MSG.listing.yearRange(1980, next)],
    ["year", next + 1, MSG.listing.yearRange(1980, next)],
    ["kmRun", -1, MSG.listing.kmRunRequired],
    ["kmRun", 10.5, `${MSG.listing.kmRunRequired} (a whole number)`],
    ["kmRun", 1_000_001, "at most 1,000,000 km"],
    ["district", "atlantis", MSG.listing.districtRequired],
    ["district", "", MSG.listing.districtRequired],
    ["area", "x".repeat(81), "at most 80 characters"],
    ["description", "x".repeat(2001), "at most 2,000 characters"],
    ["hasRegistration", "maybe", MSG.listing.hasRegistrationRequired],
    ["hasRegistration", null, MSG.listing.hasRegistrationRequired],
    ["taxTokenUntil", "2027-13", MSG.listing.monthInvalid],
    ["insuranceUntil", "June 2027", MSG.listing.monthInvalid],
    ["nameTransfer", "perhaps", MSG.listing.yesNoInvalid],
    ["negotiable", 1, MSG.listing.yesNoInvalid],
    ["photoIds", [], MSG.listing.photoRequired],
    ["photoIds", "abc", MSG.listing.photoRequired],
    // JSON values that are not numbers: refused, not coerced (null, false and [] to 0, true to 1, [2020] to 2020).
    ...(
      [
        ["year", MSG.listing.yearRequired],
        ["kmRun", MSG.listing.kmRunRequired],
        ["engineCc", MSG.listing.engineRequired],
        ["brandNewPrice", MSG.listing.brandNewPriceRequired],
        ["askingPrice", MSG.listing.askingPriceRequired],
      ] as const
    ).flatMap(([field, message]) =>
      [null, true, false, [], [2020], {}, "0x10", " "].map((value) => [field, value, message] as const),
    ),
  ];

  describe("each field's rule, as on Add Product: 400 naming the field, nothing changed", () => {
    let listing: Listing;
    beforeAll(async () => {
      ({ listing } = await fresh(1));
    });

    it.each(badValues.map(([f, v, m]) => [f, JSON.stringify(v).slice(0, 24), v, m] as const))(
      "%s = %s",
      async (field, _shownAs, value, message) => {
        const res = await patchListing(t.app, seller.cookie, listing.id, {
          askingPrice: 99_000,
          [field]: value,
        });
        expectProblem(res, 400, message);
        expect(res.json().errors).toEqual({ [field]: message });
        const { photos: _, ...again } = await shown(t.app, listing.id);
        expect(again).toEqual(listing);
      },
    );
  });

  it("the limits themselves are accepted (1980, next year, 0 km, 1,000,000 km)", async () => {
    const { listing } = await fresh(1);
    for (const [year, kmRun] of [
      [1980, 0],
      [next, 1_000_000],
    ] as const) {
      const res = await patchListing(t.app, seller.cookie, listing.id, { year, kmRun });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().listing).toMatchObject({ year, kmRun });
    }
  });

  it("an empty body: 400 'change at least one field'; a field the form does not have: 400", async () => {
    const { listing } = await fresh(1);
    expectProblem(await patchListing(t.app, seller.cookie, listing.id, {}), 400, MSG.listing.nothingToUpdate);
    // No body at all, or JSON that is not an object: the same, not a validator's "expected object".
    const url = `/api/listings/${listing.id}`;
    const none = await call(t.app, { method: "PATCH", url, cookie: seller.cookie });
    expectProblem(none, 400, MSG.listing.nothingToUpdate);
    for (const body of ["null", "[]", '[{"askingPrice":1000}]', '"askingPrice"', "5", "true"]) {
      const res = await call(t.app, {
        method: "PATCH",
        url,
        cookie: seller.cookie,
        headers: { "content-type": "application/json" },
        payload: body,
      });
      expectProblem(res, 400, MSG.listing.nothingToUpdate);
    }
    const unknown = await patchListing(t.app, seller.cookie, listing.id, { status: "available" });
    expectProblem(unknown, 400);
    const sneaky = await patchListing(t.app, seller.cookie, listing.id, {
      sellerId: buyer.user.id,
      askingPrice: 1,
    });
    expectProblem(sneaky, 400);
    const { photos: _, ...again } = await shown(t.app, listing.id);
    expect(again).toEqual(listing);
  });

  it("another seller's listing: 403, nothing changed", async () => {
    const { listing } = await fresh(1);
    const other = await signedInUser(t.app, { role: "seller" });
    const res = await patchListing(t.app, other.cookie, listing.id, { askingPrice: 1000 });
    expectProblem(res, 403, MSG.listing.notOwner);
    expect((await shown(t.app, listing.id)).askingPrice).toBe(listing.askingPrice);
  });

  it("a buyer or an admin: 403; signed out: 401", async () => {
    const { listing } = await fresh(1);
    for (const role of ["buyer", "admin"] as const) {
      const { cookie } = await signedInUser(t.app, { role });
      expectProblem(
        await patchListing(t.app, cookie, listing.id, { askingPrice: 1000 }),
        403,
        MSG.auth.forbidden,
      );
    }
    expectProblem(await patchListing(t.app, undefined, listing.id, { askingPrice: 1000 }), 401);
    expect((await shown(t.app, listing.id)).askingPrice).toBe(listing.askingPrice);
  });

  it("unknown, malformed or hidden: 404", async () => {
    const hidden = await buildListing(t.app, { sellerId: seller.user.id, hidden: true });
    for (const id of ["7d3f5a1e-0000-4000-8000-000000000000", "not-a-uuid", hidden.id]) {
      expectProblem(
        await patchListing(t.app, seller.cookie, id, { askingPrice: 1000 }),
        404,
        MSG.listing.notFound,
      );
    }
    const [row] = await t.app.db.select().from(listings).where(eq(listings.id, hidden.id));
    expect(row!.askingPrice).toBe(hidden.askingPrice);
  });

  it("a sold bike: 409 'a sold bike can't be edited', nothing changed", async () => {
    const { listing, photoIds } = await fresh();
    await bookOrder(t.app, buyer.cookie, listing.id);
    const res = await patchListing(t.app, seller.cookie, listing.id, {
      askingPrice: 1000,
      photoIds: [photoIds[2]!],
    });
    expectProblem(res, 409, MSG.listing.soldCannotEdit);
    const again = await shown(t.app, listing.id);
    expect(again.askingPrice).toBe(listing.askingPrice);
    expect(again.photos.map((p) => p.id)).toEqual(photoIds);
  });

  it("sold between the edit's ownership check and its UPDATE: 409, the sale stands, nothing changed", async () => {
    const { listing } = await fresh(1);
    // The edit reads the listing (ownership), then opens its transaction: the bike is booked in between.
    const db = t.app.db;
    const original = db.transaction.bind(db);
    db.transaction = (async (...args: Parameters<typeof original>) => {
      db.transaction = original;
      await bookOrder(t.app, buyer.cookie, listing.id);
      return original(...args);
    }) as typeof original;
    try {
      const res = await patchListing(t.app, seller.cookie, listing.id, { askingPrice: 1000 });
      expectProblem(res, 409, MSG.listing.soldCannotEdit);
    } finally {
      db.transaction = original;
    }
    const again = await shown(t.app, listing.id);
    expect(again).toMatchObject({ status: "sold", askingPrice: listing.askingPrice });
  });

  describe("photos: photoIds in their new order, the first the cover", () => {
    async function photosAfter(listingId: string, photoIds: string[]) {
      const res = await patchListing(t.app, seller.cookie, listingId, { photoIds });
      expect(res.statusCode, res.body).toBe(200);
      const detail = await shown(t.app, listingId);
      expect(detail.photos.map((p) => p.id)).toEqual(photoIds);
      // The cover everywhere (the answer, the details, the seller's list) is the first photo.
      const { id: _, ...cover } = detail.photos[0]!;
      expect(res.json().listing.photo).toEqual(cover);
      expect(detail.photo).toEqual(cover);
      return detail;
    }

    it("reorders, and chooses another cover", async () => {
      const {
        listing,
        photoIds: [a, b, c],
      } = await fresh();
      await photosAfter(listing.id, [c!, a!, b!]);
      await photosAfter(listing.id, [b!, c!, a!]);
      const mine = await t.app.inject({
        method: "GET",
        url: "/api/me/listings",
        headers: { cookie: seller.cookie },
      });
      const inList = mine.json().items.find((l: Listing) => l.id === listing.id);
      expect(inList.photo.src).toContain(b);
    });

    it("removes a photo; the image no longer used is left to the clean-up", async () => {
      const {
        listing,
        photoIds: [a, b, c],
      } = await fresh();
      await photosAfter(listing.id, [a!, c!]);
      const removed = await deleteUnusedImages(t.app.db, t.app.images.files, 0);
      expect(removed).toContain(b);
      expect(removed).not.toContain(a);
      expect(removed).not.toContain(c);
    });

    it("adds photos uploaded with POST /api/listings/photos, up to 8", async () => {
      const { listing, photoIds } = await fresh(2);
      const added: string[] = [];
      for (const part of await jpegParts(MAX_PHOTOS - 2))
        added.push((await uploadPhoto(t.app, seller.cookie, part)).id);
      await photosAfter(listing.id, [added[0]!, ...photoIds, ...added.slice(1)]);
    });

    /** PATCH with these photoIds (and a price): 400 naming photoIds, the listing as it was. */
    async function photosRefused(listing: Listing, photoIds: string[], ids: string[]) {
      const res = await patchListing(t.app, seller.cookie, listing.id, { askingPrice: 1000, photoIds: ids });
      expectProblem(res, 400, MSG.listing.photoUnknown);
      expect(res.json().errors).toEqual({ photoIds: MSG.listing.photoUnknown });
      const again = await shown(t.app, listing.id);
      expect(again.askingPrice).toBe(listing.askingPrice);
      expect(again.photos.map((p) => p.id)).toEqual(photoIds);
    }

    it("another seller's photo or upload, a person's avatar: 400, nothing changed", async () => {
      const { listing, photoIds } = await fresh(2);
      const other = await signedInUser(t.app, { role: "seller" });
      const { photoIds: theirs } = await postedListing(t.app, other.cookie, 1);
      const theirUpload = (await uploadPhoto(t.app, other.cookie, (await jpegParts(1))[0]!)).id;
      const avatarRes = await call(t.app, {
        method: "PATCH",
        url: "/api/auth/me",
        cookie: buyer.cookie,
        ...(await multipart({ photo: jpegPart(await jpeg(70, 70, "#a21caf"), "me.jpg") })),
      });
      expect(avatarRes.statusCode, avatarRes.body).toBe(200);
      const avatar = /\/images\/([0-9a-f]{32})-/.exec(avatarRes.json().user.photo.src)![1]!;
      for (const foreign of [theirs[0]!, theirUpload, avatar]) {
        await photosRefused(listing, photoIds, [photoIds[0]!, foreign]);
        await photosRefused(listing, photoIds, [foreign]);
      }
    });

    it("a photo of the seller's other listing: 400 unless uploaded again for this edit", async () => {
      const { listing, photoIds } = await fresh(1);
      const { photoIds: others } = await fresh(1);
      await photosRefused(listing, photoIds, [...photoIds, others[0]!]);
    });

    it("an upload goes into one listing: a second listing cannot take it too", async () => {
      const { listing: first } = await fresh(1);
      const { listing: second, photoIds: secondIds } = await fresh(1);
      const [part] = await jpegParts(1);
      const upload = (await uploadPhoto(t.app, seller.cookie, part!)).id;
      await photosAfter(first.id, [upload]);
      await photosRefused(second, secondIds, [...secondIds, upload]);
      // Uploaded again (the same picture, the same id), it may go into the second one as well.
      expect((await uploadPhoto(t.app, seller.cookie, part!)).id).toBe(upload);
      await photosAfter(second.id, [...secondIds, upload]);
    });

    it("an upload never used does not keep its image: the clean-up deletes both", async () => {
      const { listing, photoIds } = await fresh(1);
      const upload = (await uploadPhoto(t.app, seller.cookie, (await jpegParts(1))[0]!)).id;
      expect(await deleteUnusedImages(t.app.db, t.app.images.files, 0)).toContain(upload);
      const rows = await t.app.db
        .select()
        .from(listingPhotoUploads)
        .where(eq(listingPhotoUploads.imageKey, upload));
      expect(rows).toEqual([]);
      await photosRefused(listing, photoIds, [...photoIds, upload]);
    });

    it("an unknown photo: 400 naming photoIds, nothing changed (fields sent with it neither)", async () => {
      const { listing, photoIds } = await fresh();
      for (const unknown of ["0".repeat(32), "../../etc/passwd"]) {
        const res = await patchListing(t.app, seller.cookie, listing.id, {
          askingPrice: 1000,
          photoIds: [photoIds[1]!, unknown],
        });
        expectProblem(res, 400, MSG.listing.photoUnknown);
        expect(res.json().errors).toEqual({ photoIds: MSG.listing.photoUnknown });
      }
      const again = await shown(t.app, listing.id);
      expect(again.askingPrice).toBe(listing.askingPrice);
      expect(again.photos.map((p) => p.id)).toEqual(photoIds);
    });

    it("a photo named twice: 400, nothing changed", async () => {
      const { listing, photoIds } = await fresh();
      const res = await patchListing(t.app, seller.cookie, listing.id, {
        photoIds: [photoIds[0]!, photoIds[1]!, photoIds[0]!],
      });
      expectProblem(res, 400, MSG.listing.photoRepeated);
      expect(res.json().errors).toEqual({ photoIds: MSG.listing.photoRepeated });
      expect((await shown(t.app, listing.id)).photos.map((p) => p.id)).toEqual(photoIds);
    });

    it(`more than ${MAX_PHOTOS}: 400 'at most ${MAX_PHOTOS} photos'`, async () => {
      const { listing, photoIds } = await fresh(1);
      const res = await patchListing(t.app, seller.cookie, listing.id, {
        photoIds: Array.from({ length: MAX_PHOTOS + 1 }, (_, i) => `${photoIds[0]}${i}`),
      });
      expectProblem(res, 400, MSG.listing.tooManyPhotos(MAX_PHOTOS));
      expect(res.json().errors).toEqual({ photoIds: MSG.listing.tooManyPhotos(MAX_PHOTOS) });
    });
  });

  describe("brand and model: the listing moves to its catalogue entry", () => {
    it("a new model makes its entry; a brand-only change keeps the model", async () => {
      const { listing } = await fresh(1);
      expect(await modelKeyOf(t.app, listing.id)).toBe("yamaha fzs v3");

      const renamed = await patchListing(t.app, seller.cookie, listing.id, { model: "Yamaha R15 V4" });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await modelKeyOf(t.app, listing.id)).toBe("yamaha r15 v4");

      const rebranded = await patchListing(t.app, seller.cookie, listing.id, { brand: "Suzuki" });
      expect(rebranded.statusCode, rebranded.body).toBe(200);
      expect(rebranded.json().listing).toMatchObject({ brand: "Suzuki", model: "Yamaha R15 V4" });
      expect(await modelKeyOf(t.app, listing.id)).toBe("suzuki yamaha r15 v4");
      const entries = await t.app.db
        .select()
        .from(bikeModels)
        .where(eq(bikeModels.key, "suzuki yamaha r15 v4"));
      expect(entries).toMatchObject([{ brandKey: "suzuki", brand: "Suzuki", model: "Yamaha R15 V4" }]);
    });

    it("another spelling of the same bike keeps the entry", async () => {
      const { listing } = await fresh(1);
      const res = await patchListing(t.app, seller.cookie, listing.id, { model: "FZ S V3" });
      expect(res.statusCode, res.body).toBe(200);
      expect(await modelKeyOf(t.app, listing.id)).toBe("yamaha fz s v3");
      await patchListing(t.app, seller.cookie, listing.id, { model: "fz-s  v3" });
      expect(await modelKeyOf(t.app, listing.id)).toBe("yamaha fz s v3");
    });
  });
});

describe("POST /api/listings/photos", () => {
  const t = setupTestApp();

  it("stores one photo through the image pipeline: 201 with its id and sizes", async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    const res = await sendPhoto(t.app, cookie, jpegPart(await jpeg(100, 50)));
    expect(res.statusCode, res.body).toBe(201);
    const { photo } = res.json();
    expect(photo).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      src: `/images/${photo.id}-640.webp`,
      srcSet: expect.stringContaining(`/images/${photo.id}-320.webp`),
      width: 100,
      height: 50,
    });
    const file = await t.app.inject({ method: "GET", url: photo.src });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
  });

  it("no photo, an empty file or text: 400 naming the photo; not an image: 415", async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    for (const photo of ["bike.jpg", { data: Buffer.alloc(0), filename: "empty.jpg" }]) {
      const res = await sendPhoto(t.app, cookie, photo);
      expectProblem(res, 400, MSG.listing.photoRequired);
      expect(res.json().errors).toEqual({ photo: MSG.listing.photoRequired });
    }
    const notImage = await sendPhoto(t.app, cookie, { data: Buffer.from("hello"), filename: "x.jpg" });
    expectProblem(notImage, 415, MSG.image.notImage);
  });

  it("only sellers: a buyer or an admin 403, signed out 401", async () => {
    const [part] = await jpegParts(1);
    for (const role of ["buyer", "admin"] as const) {
      const { cookie } = await signedInUser(t.app, { role });
      expectProblem(await sendPhoto(t.app, cookie, part!), 403, MSG.auth.forbidden);
    }
    expectProblem(await sendPhoto(t.app, undefined, part!), 401);
  });
});

describe("POST /api/listings/photos: the upload limit", () => {
  const t = setupTestApp({ RATE_LIMIT_UPLOAD_MAX: "2" });

  it("counts each upload of the seller: the third in the window is 429", async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    const parts = await jpegParts(3);
    for (const part of parts.slice(0, 2)) expect((await sendPhoto(t.app, cookie, part)).statusCode).toBe(201);
    const refused = await sendPhoto(t.app, cookie, parts[2]!);
    expectProblem(refused, 429);
    expect(refused.json().detail).toContain(MSG.image.tooManyUploads);
  });
});
