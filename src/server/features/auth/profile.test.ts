import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { call, expectProblem, multipart, setupTestApp } from "#server/test/app.ts";
import { me } from "#server/test/auth.ts";
import { jpeg, jpegPart, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

type Fields = Parameters<typeof multipart>[0];

const t = setupTestApp();

async function patchMe(app: FastifyInstance, cookie: string | undefined, fields: Fields) {
  return call(app, { method: "PATCH", url: "/api/auth/me", cookie, ...(await multipart(fields)) });
}

const photo = async (colour: string) => jpegPart(await jpeg(80, 80, colour), "me.jpg");

/** A signed-in user who already has a photo, as everyone who signed up does. */
async function userWithPhoto() {
  const { user, cookie } = await signedInUser(t.app, { name: "Salma Akter" });
  const res = await patchMe(t.app, cookie, { photo: await photo("#16a34a") });
  expect(res.statusCode, res.body).toBe(200);
  return { user, cookie, before: (await me(t.app, cookie))! };
}

describe("PATCH /api/auth/me (profile)", () => {
  it("401 when signed out", async () => {
    expectProblem(await patchMe(t.app, undefined, { name: "Nobody" }), 401, MSG.auth.notSignedIn);
  });

  it("changes the name alone and keeps the photo; /me shows it", async () => {
    const { cookie, before } = await userWithPhoto();
    const res = await patchMe(t.app, cookie, { name: "  Salma Begum  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toEqual({ ...before, name: "Salma Begum" });
    expect(await me(t.app, cookie)).toEqual({ ...before, name: "Salma Begum" });
  });

  it("an empty file (a browser's untouched file input) keeps the photo", async () => {
    const { cookie, before } = await userWithPhoto();
    const empty = { data: Buffer.alloc(0), filename: "", type: "application/octet-stream" };
    const res = await patchMe(t.app, cookie, { name: "Salma B.", photo: empty });
    expect(res.statusCode, res.body).toBe(200);
    expect(await me(t.app, cookie)).toEqual({ ...before, name: "Salma B." });
  });

  it("changes the photo alone through the image pipeline, served as WebP", async () => {
    const { cookie, before } = await userWithPhoto();
    const res = await patchMe(t.app, cookie, { photo: await photo("#2563eb") });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await me(t.app, cookie))!;
    expect(after.name).toBe(before.name);
    expect(after.photo!.src).not.toBe(before.photo!.src);
    const file = await call(t.app, { method: "GET", url: after.photo!.src });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
  });

  it.each([
    ["the name is blank", { name: "   " }, { name: MSG.signup.nameRequired }],
    ["the name is too long", { name: "x".repeat(81) }, { name: "the name must be at most 80 characters" }],
  ])("400 with the sign-up message when %s, changing nothing", async (_, fields, errors) => {
    const { cookie, before } = await userWithPhoto();
    const res = await patchMe(t.app, cookie, fields);
    expect(expectProblem(res, 400, Object.values(errors)[0]).errors).toEqual(errors);
    expect(await me(t.app, cookie)).toEqual(before);
  });

  it("400 when there is nothing to change", async () => {
    const { cookie } = await userWithPhoto();
    expectProblem(await patchMe(t.app, cookie, {}), 400, MSG.profile.nothingToChange);
  });

  it("415 for a photo that is not an image, and the name sent with it is not applied either", async () => {
    const { cookie, before } = await userWithPhoto();
    const text = jpegPart(Buffer.from("not a picture\n"), "me.jpg");
    const res = await patchMe(t.app, cookie, { name: "Changed", photo: text });
    expectProblem(res, 415, MSG.image.notImage);
    expect(await me(t.app, cookie)).toEqual(before);
  });

  it("changes only the caller's own profile", async () => {
    const a = await userWithPhoto();
    const b = await userWithPhoto();
    await patchMe(t.app, a.cookie, { name: "Only A" });
    expect(await me(t.app, b.cookie)).toEqual(b.before);
  });
});
