import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { listings, users } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import {
  jpegParts,
  STRONG_PASSWORD,
  signedInUser,
  type Upload,
  uniqueEmail,
} from "#server/test/factories.ts";
import { postListing } from "#server/test/requests.ts";
import { MSG } from "#shared/messages.ts";
import { MAX_PHOTOS } from "#shared/schemas/listings.ts";

/** A multipart body with these text fields and every upload as its own `photo` part. */
async function formWithPhotos(fields: Record<string, string>, photos: Upload[]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const p of photos)
    form.append("photo", new Blob([new Uint8Array(p.data)], { type: p.type }), p.filename);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { "content-type": res.headers.get("content-type")! },
  };
}

async function listingCount(app: FastifyInstance, sellerId: string): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(listings).where(eq(listings.sellerId, sellerId));
  return row!.n;
}

describe("multipart: one file per form, except a listing's photos", () => {
  const t = setupTestApp();

  it("sign-up with two photos: 413 problem+json once the second file starts, no account", async () => {
    const email = uniqueEmail("two-photos");
    const form = await formWithPhotos(
      { name: "Karim Uddin", email, role: "buyer", password: STRONG_PASSWORD },
      await jpegParts(2),
    );
    const res = await call(t.app, { method: "POST", url: "/api/auth/signup", ...form });
    expectProblem(res, 413);
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("a profile change with two photos: 413 problem+json, the profile as it was", async () => {
    const { cookie } = await signedInUser(t.app, { name: "Salma Akter" });
    const form = await formWithPhotos({ name: "Someone Else" }, await jpegParts(2));
    const res = await call(t.app, { method: "PATCH", url: "/api/auth/me", cookie, ...form });
    expectProblem(res, 413);
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", cookie });
    expect(me.json().user).toMatchObject({ name: "Salma Akter", photo: null });
  });

  it(`an edit's photo upload takes one file: two are 413`, async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    const form = await formWithPhotos({}, await jpegParts(2));
    expectProblem(await call(t.app, { method: "POST", url: "/api/listings/photos", cookie, ...form }), 413);
  });

  it(`a listing still takes ${MAX_PHOTOS} photos in one form; a ninth is the photo field's 400`, async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "seller" });
    const posted = await postListing(t.app, cookie, { photo: await jpegParts(MAX_PHOTOS) });
    expect(posted.statusCode, posted.body).toBe(201);
    const tooMany = await postListing(t.app, cookie, { photo: await jpegParts(MAX_PHOTOS + 1) });
    expectProblem(tooMany, 400, MSG.listing.tooManyPhotos(MAX_PHOTOS));
    expect(await listingCount(t.app, user.id)).toBe(1);
  });
});

describe("the upload limit counts a listing's photos", () => {
  const t = setupTestApp({ RATE_LIMIT_UPLOAD_MAX: "10" });

  it(`${MAX_PHOTOS} + 2 photos fill a limit of 10: the next listing is 429 before its body is read`, async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "seller" });
    expect((await postListing(t.app, cookie, { photo: await jpegParts(MAX_PHOTOS) })).statusCode).toBe(201);
    expect((await postListing(t.app, cookie, { photo: await jpegParts(2) })).statusCode).toBe(201);
    const refused = await postListing(t.app, cookie, { photo: await jpegParts(1) });
    expectProblem(refused, 429);
    expect(refused.json().detail).toContain(MSG.image.tooManyUploads);
    expect(await listingCount(t.app, user.id)).toBe(2);
  });

  it("a listing with more photos than are left: 429, nothing posted", async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "seller" });
    expect((await postListing(t.app, cookie, { photo: await jpegParts(MAX_PHOTOS) })).statusCode).toBe(201);
    const refused = await postListing(t.app, cookie, { photo: await jpegParts(3) });
    expectProblem(refused, 429);
    expect(refused.json().detail).toContain(MSG.image.tooManyUploads);
    expect(await listingCount(t.app, user.id)).toBe(1);
  });
});
