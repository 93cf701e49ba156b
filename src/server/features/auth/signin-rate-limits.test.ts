import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createTestApp, expectProblem, multipart, type TestApp } from "#server/test/app.ts";
import { canSignIn, sessionCookieOf, signin, signup } from "#server/test/auth.ts";
import { buildUser, randomIp, uniqueEmail } from "#server/test/factories.ts";
import { TEST_REDIS_URL } from "#server/test/redis.ts";
import { MSG } from "#shared/messages.ts";

describe("rate limits on sign-in and sign-up (3 attempts a minute)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_MAX: "3" });
  });
  afterAll(async () => {
    await t?.close();
  });

  function expectLimited(res: LightMyRequestResponse) {
    const body = expectProblem(res, 429);
    expect(body.detail).toContain(MSG.auth.tooManyAttempts);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(sessionCookieOf(res)).toBeUndefined();
  }

  it("the 4th sign-in from one IP is refused with 429 and Retry-After, even with the right password", async () => {
    const ip = randomIp();
    const user = await buildUser(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await signin(t.app, { email: uniqueEmail("guess"), password: "Wr0ng!Pass" }, ip);
      expect(res.statusCode, res.body).toBe(401);
    }
    expectLimited(await signin(t.app, { email: user.email, password: user.password }, ip));
    // Someone else, from elsewhere, is unaffected.
    const other = await signin(t.app, { email: user.email, password: user.password }, randomIp());
    expect(other.statusCode, other.body).toBe(200);
  });

  it("past 3 failures for one email from other IPs, each further IP gets one try (decision 010)", async () => {
    const user = await buildUser(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await signin(t.app, { email: user.email, password: "Wr0ng!Pass" }, randomIp());
      expect(res.statusCode, res.body).toBe(401);
    }
    const ip = randomIp();
    const once = await signin(t.app, { email: user.email, password: "Wr0ng!Pass" }, ip);
    expect(once.statusCode, once.body).toBe(401);
    // Counted per email address, whatever its letter case; refused even with the right password.
    const res = await signin(t.app, { email: user.email.toUpperCase(), password: user.password }, ip);
    expect(expectProblem(res, 429).detail).toContain(MSG.signin.tooManyFailures);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    const otherUser = await buildUser(t.app);
    const other = await signin(t.app, { email: otherUser.email, password: otherUser.password }, randomIp());
    expect(other.statusCode, other.body).toBe(200);
  });

  it("the 4th sign-up from one IP is refused, however the forms were filled", async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) {
      const res = await call(t.app, {
        method: "POST",
        url: "/api/auth/signup",
        ...(await multipart({})),
        remoteAddress: ip,
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    const email = uniqueEmail("late");
    expectLimited(await signup(t.app, { email }, ip));
    expect(await canSignIn(t.app, email)).toBe(false);
  });
});

describe("rate limits shared through Redis by two app nodes", () => {
  let nodes: TestApp[] = [];
  beforeAll(async () => {
    const env = { RATE_LIMIT_AUTH_MAX: "3", REDIS_URL: TEST_REDIS_URL };
    nodes = await Promise.all([createTestApp(env), createTestApp(env)]);
    // A loaded machine may connect after the start's bounded wait: until then each node counts alone.
    await vi.waitFor(() => expect(nodes.map((n) => n.app.rateLimitCounters.shared)).toEqual([true, true]), {
      timeout: 15_000,
    });
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
  });

  it("counts one IP's attempts across both nodes", async () => {
    const [a, b] = nodes.map((n) => n.app) as [FastifyInstance, FastifyInstance];
    const ip = randomIp();
    for (const app of [a, b, a]) {
      const res = await signin(app, { email: uniqueEmail("guess"), password: "Wr0ng!Pass" }, ip);
      expect(res.statusCode, res.body).toBe(401);
    }
    const res = await signin(b, { email: uniqueEmail("guess"), password: "Wr0ng!Pass" }, ip);
    expectProblem(res, 429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    const elsewhere = await signin(b, { email: uniqueEmail("guess"), password: "Wr0ng!Pass" }, randomIp());
    expect(elsewhere.statusCode, elsewhere.body).toBe(401);
  });

  it("counts one email's attempts across both nodes and IPs", async () => {
    const [a, b] = nodes.map((n) => n.app) as [FastifyInstance, FastifyInstance];
    const email = uniqueEmail("target");
    for (const app of [b, a, b]) {
      const res = await signin(app, { email, password: "Wr0ng!Pass" }, randomIp());
      expect(res.statusCode, res.body).toBe(401);
    }
    const ip = randomIp();
    expect((await signin(a, { email, password: "Wr0ng!Pass" }, ip)).statusCode).toBe(401);
    expectProblem(await signin(b, { email, password: "Wr0ng!Pass" }, ip), 429);
    const other = await signin(a, { email: uniqueEmail("other"), password: "Wr0ng!Pass" }, randomIp());
    expect(other.statusCode, other.body).toBe(401);
  });
});
