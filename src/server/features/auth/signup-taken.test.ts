import { randomInt } from "node:crypto";
import fs from "node:fs/promises";
import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images } from "#server/db/schema.ts";
import { call, createTestApp, expectProblem, multipart, type TestApp } from "#server/test/app.ts";
import { buildUser, jpeg, STRONG_PASSWORD } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function signup(app: FastifyInstance, email: string, photo: Buffer, ip = randomIp()) {
  return multipart({
    name: "Karim Uddin",
    email,
    role: "buyer",
    password: STRONG_PASSWORD,
    photo: { data: photo, filename: "me.jpg", type: "image/jpeg" },
  }).then((form) => call(app, { method: "POST", url: "/api/auth/signup", ...form, remoteAddress: ip }));
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
    const res = await signup(t.app, taken.email, Buffer.from("not a picture at all"));
    expectProblem(res, 415, MSG.image.notImage);
  });

  it("answers 409 after that work, and keeps nothing of it (no image row, no file)", async () => {
    const taken = await buildUser(t.app);
    const before = await stored(t);
    const res = await signup(t.app, taken.email, await jpeg(640, 480, "#16a34a"));
    expectProblem(res, 409, MSG.signup.emailTaken);
    expect(await stored(t)).toEqual(before);
  });

  it("is rate limited per email address like sign-in, from any address", async () => {
    const taken = await buildUser(t.app);
    const photo = await jpeg();
    for (let i = 0; i < 3; i++) expectProblem(await signup(t.app, taken.email, photo), 409);
    const res = await signup(t.app, taken.email, photo);
    expect(expectProblem(res, 429).detail).toContain(MSG.auth.tooManyAttempts);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });
});
