import { randomInt } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import { signin } from "#server/test/auth.ts";
import { buildUser, randomIp, signedInUser, type TestUser, uniqueEmail } from "#server/test/factories.ts";
import { enrolMfa, pendingCookie, totpCode } from "#server/test/mfa.ts";
import { MSG } from "#shared/messages.ts";
import { DEVICE_COOKIE, SECURE_DEVICE_COOKIE } from "./signin-throttle.ts";

const WRONG = "Wr0ng!Pass";

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

  /** How many of these answers had each status. */
  function statuses(answers: LightMyRequestResponse[]) {
    const counts: Record<number, number> = {};
    for (const r of answers) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    return counts;
  }

  it("parallel wrong passwords for a limited account from one address get one try between them", async () => {
    const owner = await buildUser(t.app);
    await strangerTriesTen(owner);
    const ip = randomIp();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => signin(t.app, { email: owner.email, password: WRONG }, ip)),
    );
    expect(statuses(answers)).toEqual({ 401: 1, 429: 4 });
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expectLimited(res, MSG.signin.tooManyFailures);
    }
  });

  it("parallel failures cannot overdraw a device's own budget", async () => {
    const owner = await buildUser(t.app);
    const known = deviceCookie(await signin(t.app, owner, randomIp()));
    await strangerTriesTen(owner);
    for (let i = 0; i < 9; i++) {
      const res = await signin(t.app, { email: owner.email, password: WRONG }, randomIp(), known);
      expect(res.statusCode, res.body).toBe(401);
    }
    // One failure left on the device: the other two are strangers' tries, one for this address.
    const ip = randomIp();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => signin(t.app, { email: owner.email, password: WRONG }, ip, known)),
    );
    expect(statuses(answers)).toEqual({ 401: 2, 429: 1 });
  });

  it("a correct password waiting for its second factor earns no device cookie; the code step's session does", async () => {
    const { user: owner, cookie } = await signedInUser(t.app);
    const { secret } = await enrolMfa(t.app, cookie, owner.password);
    const ip = randomIp();
    const first = await signin(t.app, owner, ip);
    expect(first.json()).toEqual({ mfaRequired: true });
    expect(first.cookies.map((c) => c.name)).not.toContain(DEVICE_COOKIE);

    const second = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin/mfa",
      cookie: pendingCookie(first),
      // The next step's code: enrolment used this one.
      payload: { code: await totpCode(secret, 1) },
      remoteAddress: ip,
    });
    expect(second.statusCode, second.body).toBe(200);
    const known = deviceCookie(second);
    // It is the account's device: after a stranger's ten failures, a typo from a fresh address
    // still leaves the right password its turn.
    await strangerTriesTen(owner);
    const fresh = randomIp();
    expect((await signin(t.app, { email: owner.email, password: WRONG }, fresh, known)).statusCode).toBe(401);
    expect((await signin(t.app, owner, fresh, known)).json()).toEqual({ mfaRequired: true });
  });

  it("IPv6 addresses in one /64 share one per-IP budget; another /64 has its own", async () => {
    for (let i = 0; i < 10; i++) {
      const ip = `2001:db8:5:7:${randomInt(1, 0xffff).toString(16)}::${i + 1}`;
      const res = await signin(t.app, { email: uniqueEmail("v6"), password: WRONG }, ip);
      expect(res.statusCode, res.body).toBe(401);
    }
    const fresh = await buildUser(t.app);
    expectLimited(await signin(t.app, fresh, "2001:db8:5:7:ffff:1:2:3"), MSG.auth.tooManyAttempts);
    expect((await signin(t.app, fresh, "2001:db8:5:8::1")).statusCode).toBe(200);
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

describe("the device cookie over https", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://motohaat.example", RATE_LIMIT_AUTH_MAX: "10" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is __Secure- prefixed and Secure, and only that name is honoured", async () => {
    const owner = await buildUser(t.app);
    const res = await signin(t.app, owner, randomIp());
    expect(res.statusCode, res.body).toBe(200);
    const set = res.cookies.find((c) => c.name === SECURE_DEVICE_COOKIE);
    expect(set).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict", path: "/api/auth" });
    expect(res.cookies.map((c) => c.name)).not.toContain(DEVICE_COOKIE);

    for (let i = 0; i < 10; i++) await signin(t.app, { email: owner.email, password: WRONG }, randomIp());
    const ip = randomIp();
    // The same value under the unprefixed name (as a plain-http page could set it) is no device.
    const planted = `${DEVICE_COOKIE}=${set!.value}`;
    expect((await signin(t.app, { email: owner.email, password: WRONG }, ip, planted)).statusCode).toBe(401);
    expectLimited(await signin(t.app, owner, ip, planted), MSG.signin.tooManyFailures);
    const known = `${SECURE_DEVICE_COOKIE}=${set!.value}`;
    expect((await signin(t.app, { email: owner.email, password: WRONG }, ip, known)).statusCode).toBe(401);
    expect((await signin(t.app, owner, ip, known)).statusCode).toBe(200);
  });
});
