import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, expectProblem, sessionCookie, type TestApp } from "#server/test/app.ts";
import { me } from "#server/test/auth.ts";
import { buildListing, signedInUser, signIn } from "#server/test/factories.ts";
import {
  enrolMfa,
  passwordStep,
  pendingCookie,
  signedInUserWithMfa,
  signInWithCode,
  totpCode,
  wrongCode,
} from "#server/test/mfa.ts";
import { MSG } from "#shared/messages.ts";
import { MFA_ENROLMENT_REQUIRED } from "#shared/schemas/two-factor.ts";
import { createSession } from "./sessions.ts";

describe("REQUIRE_ADMIN_MFA=true", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_ADMIN_MFA: "true" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses every admin API to an admin without a second factor, with a marker the web app acts on", async () => {
    const { cookie } = await signedInUser(t.app, { role: "admin" });
    for (const url of ["/api/admin/sellers", "/api/admin/buyers"]) {
      const res = await call(t.app, { method: "GET", url, cookie });
      const body = expectProblem(res, 403, MSG.mfa.enrolmentRequired);
      expect(body.code).toBe(MFA_ENROLMENT_REQUIRED);
    }
    // Their own account still works: that is where they enrol.
    expect(await me(t.app, cookie)).toMatchObject({ role: "admin", mfaEnabled: false, mfaRequired: true });
  });

  it("opens the admin APIs once the admin has enrolled, and then asks them for a code at sign-in", async () => {
    const { user, cookie, secret } = await signedInUserWithMfa(t.app, { role: "admin" });
    const sellers = await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie });
    expect(sellers.statusCode, sellers.body).toBe(200);

    const signin = await signInWithCode(t.app, user, () => totpCode(secret, 1));
    expect(signin.statusCode, signin.body).toBe(200);
    expect(signin.json().user).toMatchObject({ mfaEnabled: true, mfaRequired: true });
    const again = await call(t.app, {
      method: "GET",
      url: "/api/admin/sellers",
      cookie: sessionCookie(signin),
    });
    expect(again.statusCode).toBe(200);
  });

  it("does not let such an admin turn the second factor off", async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "admin" });
    await enrolMfa(t.app, cookie, user.password);
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/disable",
      cookie,
      payload: { password: user.password },
    });
    expectProblem(res, 403, MSG.mfa.adminMustKeep);
    expect(await me(t.app, cookie)).toMatchObject({ mfaEnabled: true });
  });

  it("gives admin rights only to a session that proved the second factor; turning it on ends the others", async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "admin" });
    const other = await signIn(t.app, user);
    await enrolMfa(t.app, cookie, user.password);
    // The session that turned it on entered a code; the one signed in with the password alone is gone.
    expect((await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie })).statusCode).toBe(200);
    expectProblem(await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie: other }), 401);
    // A session without the proof (such as one from before sessions recorded it) has no admin rights.
    const session = await createSession(t.app.db, t.config.sessionSecret, user.id);
    const unproved = `mh_session=${session.token}`;
    const res = await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie: unproved });
    expectProblem(res, 403, MSG.mfa.sessionNotVerified);
    expect(await me(t.app, unproved)).toMatchObject({ id: user.id });
  });

  it("shows a hidden listing to an admin only once their session has proved the second factor", async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "admin" });
    const listing = await buildListing(t.app, { hidden: true });
    const view = () => call(t.app, { method: "GET", url: `/api/listings/${listing.id}`, cookie });
    expectProblem(await view(), 404, MSG.listing.notFound);
    await enrolMfa(t.app, cookie, user.password);
    expect((await view()).statusCode).toBe(200);
  });

  it("leaves it optional for everyone else", async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    expect(await me(t.app, cookie)).toMatchObject({ mfaEnabled: false, mfaRequired: false });
    const mine = await call(t.app, { method: "GET", url: "/api/me/listings", cookie });
    expect(mine.statusCode, mine.body).toBe(200);
  });
});

describe("REQUIRE_ADMIN_MFA=false", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_ADMIN_MFA: "false" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives admin rights to admins only: a hidden listing is not found for anyone else", async () => {
    const listing = await buildListing(t.app, { hidden: true });
    const anonymous = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
    expectProblem(anonymous, 404, MSG.listing.notFound);
    for (const role of ["buyer", "seller", "admin"] as const) {
      const { cookie } = await signedInUser(t.app, { role });
      const res = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}`, cookie });
      if (role === "admin") expect(res.statusCode, res.body).toBe(200);
      else expectProblem(res, 404, MSG.listing.notFound);
    }
  });

  it("lets an admin without a second factor use the admin APIs, and turn one off again", async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "admin" });
    const sellers = await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie });
    expect(sellers.statusCode, sellers.body).toBe(200);
    expect(await me(t.app, cookie)).toMatchObject({ mfaEnabled: false, mfaRequired: false });

    await enrolMfa(t.app, cookie, user.password);
    const off = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/disable",
      cookie,
      payload: { password: user.password },
    });
    expect(off.statusCode, off.body).toBe(200);
  });

  it("ends the admin's other sessions when the factor is turned off; this one keeps its rights", async () => {
    const { user, cookie, secret } = await signedInUserWithMfa(t.app, { role: "admin" });
    const other = sessionCookie(await signInWithCode(t.app, user, () => totpCode(secret, 1)));
    const off = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/disable",
      cookie,
      payload: { password: user.password },
    });
    expect(off.statusCode, off.body).toBe(200);
    expectProblem(await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie: other }), 401);
    expect((await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie })).statusCode).toBe(200);
  });

  it("without a second factor, an admin sees hidden listings", async () => {
    const { cookie } = await signedInUser(t.app, { role: "admin" });
    const listing = await buildListing(t.app, { hidden: true });
    const res = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}`, cookie });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("the code step is rate limited", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_MAX: "3" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses the 4th guess for one pending account with 429 and Retry-After, even with the right code", async () => {
    const { user, secret } = await signedInUserWithMfa(t.app);
    const pending = pendingCookie(await passwordStep(t.app, user));
    // Each guess from a different address: the limit is per waiting account, not only per IP.
    const guess = (n: number, code: string) =>
      call(t.app, {
        method: "POST",
        url: "/api/auth/signin/mfa",
        remoteAddress: `10.0.0.${n}`,
        cookie: pending,
        payload: { code },
      });
    for (let n = 1; n <= 3; n++)
      expectProblem(await guess(n, await wrongCode(secret)), 401, MSG.mfa.wrongCode);
    const limited = await guess(4, await totpCode(secret, 1));
    expectProblem(limited, 429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("shares no bucket among requests without a valid pending cookie: each is told to start again", async () => {
    const noCookie = (n: number) =>
      call(t.app, {
        method: "POST",
        url: "/api/auth/signin/mfa",
        remoteAddress: `10.0.1.${n}`,
        payload: { code: "123456" },
      });
    for (let n = 1; n <= 5; n++) expectProblem(await noCookie(n), 401, MSG.mfa.pendingExpired);
  });
});
