import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, expectProblem, sessionCookie, type TestApp } from "#server/test/app.ts";
import { me, signin } from "#server/test/auth.ts";
import { randomIp, signedInUser, uniqueEmail } from "#server/test/factories.ts";
import { changeName, postListing } from "#server/test/requests.ts";
import { MSG } from "#shared/messages.ts";

/** The limits as one app node counts them in its own memory (no REDIS_URL); Redis: rate-limit-redis.test.ts. */

describe("uploads per account (RATE_LIMIT_UPLOAD_MAX=2)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_UPLOAD_MAX: "2", RATE_LIMIT_UPLOAD_WINDOW_SECONDS: "3600" });
  });
  afterAll(async () => {
    await t?.close();
  });
  function expectUploadLimited(res: LightMyRequestResponse) {
    const body = expectProblem(res, 429);
    expect(body.detail).toContain(MSG.image.tooManyUploads);
    expect(body.code).toBe("image.tooManyUploads");
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  }

  it("refuses a seller's third listing in the window with 429 and Retry-After; another seller is unaffected", async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    for (let i = 0; i < 2; i++) {
      const res = await postListing(t.app, cookie);
      expect(res.statusCode, res.body).toBe(201);
    }
    expectUploadLimited(await postListing(t.app, cookie));
    // Profile changes have a budget of their own.
    expect((await changeName(t.app, cookie, "Still Allowed")).statusCode).toBe(200);

    const other = await signedInUser(t.app, { role: "seller" });
    const res = await postListing(t.app, other.cookie);
    expect(res.statusCode, res.body).toBe(201);
  });

  it("counts per account, not per address: a second session of the same seller is limited too", async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "seller" });
    for (let i = 0; i < 2; i++) expect((await postListing(t.app, cookie)).statusCode).toBe(201);
    const second = await signin(t.app, { email: user.email, password: user.password }, randomIp());
    expectUploadLimited(await postListing(t.app, sessionCookie(second)));
  });

  it("refuses a third profile change in the window", async () => {
    const { cookie } = await signedInUser(t.app);
    for (const name of ["Karim One", "Karim Two"]) {
      const res = await changeName(t.app, cookie, name);
      expect(res.statusCode, res.body).toBe(200);
    }
    expectUploadLimited(await changeName(t.app, cookie, "Karim Three"));
    expect((await me(t.app, cookie))?.name).toBe("Karim Two");
  });
});

describe("behind one proxy (TRUST_PROXY=1)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "1", RATE_LIMIT_AUTH_MAX: "3" });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Through the proxy: the client's own X-Forwarded-For, then the address the proxy appends. */
  const viaProxy = (claimed: string, client: string) =>
    call(t.app, {
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: uniqueEmail("spoof"), password: "Wr0ng!Pass" },
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": `${claimed}, ${client}` },
    });

  it("a client cannot pick the address it is counted as by sending X-Forwarded-For", async () => {
    const client = randomIp();
    for (let i = 0; i < 3; i++) expect((await viaProxy(randomIp(), client)).statusCode).toBe(401);
    expect(expectProblem(await viaProxy(randomIp(), client), 429).code).toBe("auth.tooManyAttempts");
    // Another client behind the same proxy has its own budget.
    expect((await viaProxy(client, randomIp())).statusCode).toBe(401);
  });
});
