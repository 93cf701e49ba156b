import fs from "node:fs/promises";
import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images } from "#server/db/schema.ts";
import { createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import { signup } from "#server/test/auth.ts";
import { buildUser, jpeg, jpegPart, randomIp } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

/** A valid sign-up as `email` with these photo bytes, each from an address of its own. */
function signupAs(app: FastifyInstance, email: string, photo: Buffer) {
  return signup(app, { email, photo: jpegPart(photo, "me.jpg") }, randomIp());
}

async function stored(t: TestApp) {
  const [row] = await t.app.db.select({ n: count() }).from(images);
  const files = await fs.readdir(t.config.imageDir).catch(() => []);
  return { rows: row!.n, files: files.length };
}

describe("sign-up with an email that is already registered (issue 9, item 6)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_MAX: "3" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("processes the photo before answering: a bad photo is named, not the taken address", async () => {
    const taken = await buildUser(t.app);
    const res = await signupAs(t.app, taken.email, Buffer.from("not a picture at all"));
    expectProblem(res, 415, MSG.image.notImage);
  });

  it("answers 409 after that work, and keeps nothing of it (no image row, no file)", async () => {
    const taken = await buildUser(t.app);
    const before = await stored(t);
    const res = await signupAs(t.app, taken.email, await jpeg(640, 480, "#16a34a"));
    expectProblem(res, 409, MSG.signup.emailTaken);
    expect(await stored(t)).toEqual(before);
  });

  it("is rate limited per email address like sign-in, from any address", async () => {
    const taken = await buildUser(t.app);
    const photo = await jpeg();
    for (let i = 0; i < 3; i++) expectProblem(await signupAs(t.app, taken.email, photo), 409);
    const res = await signupAs(t.app, taken.email, photo);
    expect(expectProblem(res, 429).detail).toContain(MSG.auth.tooManyAttempts);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });
});
