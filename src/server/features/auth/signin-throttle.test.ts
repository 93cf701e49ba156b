import { randomInt } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#shared/messages.ts";
import { call, createTestApp, expectProblem, type TestApp } from "../../test/app.ts";
import { buildUser, type TestUser, uniqueEmail } from "../../test/factories.ts";
import { DEVICE_COOKIE } from "./signin-throttle.ts";

const WRONG = "Wr0ng!Pass";
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function signin(
  app: FastifyInstance,
  body: { email: string; password: string },
  ip: string,
  deviceCookie?: string,
) {
  return call(app, {
    method: "POST",
    url: "/api/auth/signin",
    payload: body,
    remoteAddress: ip,
    cookie: deviceCookie,
  });
}

/** The `name=value` of the device cookie a successful sign-in set. */
function deviceCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === DEVICE_COOKIE);
  if (!c?.value) throw new Error(`no device cookie in ${res.statusCode}: ${res.body}`);
  expect(c).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
  return `${DEVICE_COOKIE}=${c.value}`;
}

function expectLimited(res: LightMyRequestResponse, message: string) {
  expect(expectProblem(res, 429).detail).toContain(message);
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe("failed sign-ins slow down without locking the owner out (decision 010; 10 a minute)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_MAX: "10", RATE_LIMIT_AUTH_WINDOW_SECONDS: "60" });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Ten wrong passwords for `owner` from one stranger's address: each a 401, the next a 429. */
  async function strangerTriesTen(owner: TestUser) {
    const stranger = randomIp();
    for (let i = 0; i < 10; i++) {
      const res = await signin(t.app, { email: owner.email, password: WRONG }, stranger);
      expect(res.statusCode, res.body).toBe(401);
    }
    expectLimited(
      await signin(t.app, { email: owner.email, password: WRONG }, stranger),
      MSG.auth.tooManyAttempts,
    );
    return stranger;
  }

  it("a stranger's ten failures from one IP do not stop the owner signing in from another", async () => {
    const owner = await buildUser(t.app);
    const stranger = await strangerTriesTen(owner);
    const res = await signin(t.app, owner, randomIp());
    expect(res.statusCode, res.body).toBe(200);
    // The stranger stays limited, even with the right password.
    expectLimited(await signin(t.app, owner, stranger), MSG.auth.tooManyAttempts);
  });

  it("past the account's limit, each further address gets one try: a botnet is slowed to one guess per address", async () => {
    const owner = await buildUser(t.app);
    await strangerTriesTen(owner);
    const bot = randomIp();
    const first = await signin(t.app, { email: owner.email, password: WRONG }, bot);
    expect(first.statusCode, first.body).toBe(401);
    // The same address again, even with the right password: refused, and told why.
    expectLimited(await signin(t.app, owner, bot), MSG.signin.tooManyFailures);
    // Another account from that address is not affected by this account's count.
    const other = await buildUser(t.app);
    const res = await signin(t.app, other, bot);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("the owner's browser that signed in before is let in from an address that already failed", async () => {
    const owner = await buildUser(t.app);
    const home = randomIp();
    const known = deviceCookie(await signin(t.app, owner, home));
    await strangerTriesTen(owner);
    const typo = await signin(t.app, { email: owner.email, password: WRONG }, home, known);
    expect(typo.statusCode, typo.body).toBe(401);
    const res = await signin(t.app, owner, home, known);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("a device cookie counts only for the account it was issued for", async () => {
    const mine = await buildUser(t.app);
    const victim = await buildUser(t.app);
    const cookie = deviceCookie(await signin(t.app, mine, randomIp()));
    await strangerTriesTen(victim);
    const ip = randomIp();
    expect((await signin(t.app, { email: victim.email, password: WRONG }, ip, cookie)).statusCode).toBe(401);
    expectLimited(await signin(t.app, victim, ip, cookie), MSG.signin.tooManyFailures);
  });

  it("a trusted device has ten failures of its own, then is treated like any other client", async () => {
    const owner = await buildUser(t.app);
    const known = deviceCookie(await signin(t.app, owner, randomIp()));
    await strangerTriesTen(owner);
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      // From a fresh address each time, so the per-IP limit is not what stops it.
      const res = await signin(t.app, { email: owner.email, password: WRONG }, randomIp(), known);
      expect(res.statusCode, res.body).toBe(401);
    }
    expect((await signin(t.app, { email: owner.email, password: WRONG }, ip, known)).statusCode).toBe(401);
    expectLimited(await signin(t.app, owner, ip, known), MSG.signin.tooManyFailures);
  });

  it("successful sign-ins never count against the account", async () => {
    const owner = await buildUser(t.app);
    for (let i = 0; i < 12; i++) {
      const res = await signin(t.app, owner, randomIp());
      expect(res.statusCode, res.body).toBe(200);
    }
    const ip = randomIp();
    expect((await signin(t.app, { email: owner.email, password: WRONG }, ip)).statusCode).toBe(401);
    expect((await signin(t.app, owner, ip)).statusCode).toBe(200);
  });

  it("the per-IP limit holds across many accounts", async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      const res = await signin(t.app, { email: uniqueEmail("spray"), password: WRONG }, ip);
      expect(res.statusCode, res.body).toBe(401);
    }
    const fresh = await buildUser(t.app);
    expectLimited(await signin(t.app, fresh, ip), MSG.auth.tooManyAttempts);
  });
});
