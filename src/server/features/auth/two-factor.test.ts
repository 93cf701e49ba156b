import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mfaRecoveryCodes, passwordResetTokens, users } from "#server/db/schema.ts";
import { call, expectProblem, sessionCookie, setupTestApp } from "#server/test/app.ts";
import { buildUser, signedInUser, signIn } from "#server/test/factories.ts";
import { enrolMfa, pendingCookie, signInWithCode, totpCode, wrongCode } from "#server/test/mfa.ts";
import { MSG } from "#shared/messages.ts";
import { hashToken } from "./sessions.ts";
import { mfaKeys } from "./two-factor.ts";

const t = setupTestApp();

async function me(cookie: string | undefined) {
  const res = await call(t.app, { method: "GET", url: "/api/auth/me", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user;
}

async function userRow(id: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
  return row!;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("turning two-step sign-in on", () => {
  it("offers a secret as a QR code and as text, kept encrypted until a code from it confirms", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const res = await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { secret, uri, qrCode } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/MotoHaat:${encodeURIComponent(user.email)}?secret=${secret}&issuer=MotoHaat`,
    );
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(",")[1], "base64").toString()).toContain("<svg");

    const pending = await userRow(user.id);
    expect(pending.totpPendingSecret).toMatch(/^v1\./);
    expect(pending.totpPendingSecret).not.toContain(secret);
    expect(pending.totpSecret).toBeNull();
    expect(pending.totpEnabledAt).toBeNull();
    expect(await me(cookie)).toMatchObject({ mfaEnabled: false, mfaRequired: false });
  });

  it("refuses a wrong code and leaves the factor off", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const setup = await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
    const { secret } = setup.json();
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/confirm",
      cookie,
      payload: { code: await wrongCode(secret), password: user.password },
    });
    expect(expectProblem(res, 400, MSG.mfa.wrongCode).errors).toEqual({ code: MSG.mfa.wrongCode });
    const notDigits = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/confirm",
      cookie,
      payload: { code: "12ab56", password: user.password },
    });
    expectProblem(notDigits, 400, MSG.mfa.codeFormat);
    expect((await userRow(user.id)).totpEnabledAt).toBeNull();
  });

  it("turns on with a code, answers ten readable recovery codes once and keeps only their HMAC", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const setup = await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
    const { secret } = setup.json();
    const code = await totpCode(secret);
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/confirm",
      cookie,
      // As an app shows it: "123 456".
      payload: { code: `${code.slice(0, 3)} ${code.slice(3)}`, password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes, user: dto } = res.json();
    expect(dto).toMatchObject({ mfaEnabled: true });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);

    const row = await userRow(user.id);
    expect(row.totpEnabledAt).toBeInstanceOf(Date);
    expect(row.totpPendingSecret).toBeNull();
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(secret);
    const stored = await t.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(recoveryCodes).not.toContain(s.codeHash);
    expect(await me(cookie)).toMatchObject({ mfaEnabled: true });

    // Once on, a new start is refused (it would replace a working secret without proof).
    const again = await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
    expectProblem(again, 409, MSG.mfa.alreadyEnabled);
  });

  it("needs a start first, and a signed-in person", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/confirm",
      cookie,
      payload: { code: "123456", password: user.password },
    });
    expectProblem(res, 400, MSG.mfa.noEnrolment);
    expectProblem(await call(t.app, { method: "POST", url: "/api/auth/mfa/setup" }), 401);
  });
});

describe("signing in with two-step sign-in", () => {
  it("answers mfaRequired with a short-lived signed HttpOnly cookie and no session, then the code signs in", async () => {
    const { user, cookie: earlier } = await signedInUser(t.app);
    const { secret } = await enrolMfa(t.app, earlier, user.password);

    const first = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: user.email, password: user.password },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ mfaRequired: true });
    expect(first.cookies.find((c) => c.name === "mh_session")).toBeUndefined();
    const pending = first.cookies.find((c) => c.name === "mh_mfa")!;
    expect(pending).toMatchObject({
      httpOnly: true,
      maxAge: 300,
      path: "/api/auth/signin/mfa",
      sameSite: "Lax",
    });
    // The pending cookie is no session.
    expect(await me(pendingCookie(first))).toBeNull();

    const wrong = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin/mfa",
      cookie: pendingCookie(first),
      payload: { code: await wrongCode(secret) },
    });
    expect(expectProblem(wrong, 401, MSG.mfa.wrongCode).errors).toEqual({ code: MSG.mfa.wrongCode });
    expect(wrong.cookies.find((c) => c.name === "mh_session")).toBeUndefined();

    // The current step's code went to enrolment; the next step's is the fresh one.
    const second = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin/mfa",
      cookie: pendingCookie(first),
      payload: { code: await totpCode(secret, 1) },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().user).toMatchObject({ id: user.id, mfaEnabled: true });
    expect(second.cookies.find((c) => c.name === "mh_mfa")?.value).toBe("");
    expect(await me(sessionCookie(second))).toMatchObject({ id: user.id });
  });

  it("accepts a code once: the same code (or an older one) is refused afterwards", async () => {
    const { user, cookie } = await signedInUser(t.app);
    // Mid-step, so "the same code" stays the current step's throughout.
    vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
    const { secret } = await enrolMfa(t.app, cookie, user.password);
    // The code enrolment used is already spent.
    const reused = await signInWithCode(t.app, user, () => totpCode(secret));
    const previous = await signInWithCode(t.app, user, () => totpCode(secret, -1));
    expectProblem(previous, 401, MSG.mfa.wrongCode);
    // Only a later step's code is left: the next one (the app of a clock a little ahead).
    const next = await signInWithCode(t.app, user, () => totpCode(secret, 1));
    expect(next.statusCode, next.body).toBe(200);
    const again = await signInWithCode(t.app, user, () => totpCode(secret, 1));
    expectProblem(again, 401, MSG.mfa.wrongCode);
    expectProblem(reused, 401, MSG.mfa.wrongCode);
  });

  it("allows one step of clock difference either way, not two", async () => {
    const { user, cookie } = await signedInUser(t.app);
    // Mid-step, so no step boundary passes between making a code and checking it.
    vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
    const { secret } = await enrolMfa(t.app, cookie, user.password);
    vi.setSystemTime(Date.now() + 5 * 30_000);
    expectProblem(await signInWithCode(t.app, user, () => totpCode(secret, -2)), 401, MSG.mfa.wrongCode);
    expect((await signInWithCode(t.app, user, () => totpCode(secret, -1))).statusCode).toBe(200);
    expectProblem(await signInWithCode(t.app, user, () => totpCode(secret, 2)), 401, MSG.mfa.wrongCode);
    expect((await signInWithCode(t.app, user, () => totpCode(secret, 1))).statusCode).toBe(200);
  });

  it("takes a recovery code (any case, dash or not) once", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const { recoveryCodes } = await enrolMfa(t.app, cookie, user.password);
    const code = recoveryCodes[3]!;

    const res = await signInWithCode(t.app, user, code.replace("-", "").toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(await me(sessionCookie(res))).toMatchObject({ id: user.id });

    const again = await signInWithCode(t.app, user, code);
    expect(expectProblem(again, 401, MSG.mfa.wrongRecoveryCode).errors).toEqual({
      code: MSG.mfa.wrongRecoveryCode,
    });
    // The others still work.
    expect((await signInWithCode(t.app, user, recoveryCodes[4]!)).statusCode).toBe(200);
  });

  it("refuses the code step without a pending cookie, with an altered one, or after five minutes", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const { secret } = await enrolMfa(t.app, cookie, user.password);
    const step = (c: string | undefined, code: string) =>
      call(t.app, { method: "POST", url: "/api/auth/signin/mfa", cookie: c, payload: { code } });

    expectProblem(await step(undefined, await totpCode(secret, 1)), 401, MSG.mfa.pendingExpired);

    const first = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: user.email, password: user.password },
    });
    const pending = pendingCookie(first);
    // Another account's id in the value, without the server's signature.
    const other = await buildUser(t.app);
    const forged = `mh_mfa=${encodeURIComponent(JSON.stringify({ userId: other.id, expiresAt: Date.now() + 60_000 }))}`;
    expectProblem(await step(forged, await totpCode(secret, 1)), 401, MSG.mfa.pendingExpired);
    const decoded = decodeURIComponent(pending.slice("mh_mfa=".length));
    const altered = `mh_mfa=${encodeURIComponent(decoded.replace(user.id, other.id))}`;
    expect(altered).not.toBe(pending);
    expectProblem(await step(altered, await totpCode(secret, 1)), 401, MSG.mfa.pendingExpired);

    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    expectProblem(await step(pending, await totpCode(secret, 1)), 401, MSG.mfa.pendingExpired);
  });

  it("a password reset link does not skip the code", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const { secret } = await enrolMfa(t.app, cookie, user.password);
    const token = "a-reset-token-as-mailed";
    await t.app.db.insert(passwordResetTokens).values({
      id: hashToken(t.config.sessionSecret, token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token, password: "N3w!Passw0rd" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mfaRequired: true });
    expect(res.cookies.find((c) => c.name === "mh_session")).toBeUndefined();
    const code = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin/mfa",
      cookie: pendingCookie(res),
      payload: { code: await totpCode(secret, 1) },
    });
    expect(code.statusCode, code.body).toBe(200);
  });
});

describe("turning two-step sign-in off", () => {
  it("needs the password (or a current code), then signing in takes the password alone", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const { secret } = await enrolMfa(t.app, cookie, user.password);
    const off = (payload: object) =>
      call(t.app, { method: "POST", url: "/api/auth/mfa/disable", cookie, payload });

    expectProblem(await off({}), 400, MSG.mfa.proofRequired);
    const wrong = await off({ password: "Wr0ng!Pass" });
    expect(expectProblem(wrong, 400, MSG.mfa.wrongPassword).errors).toEqual({
      password: MSG.mfa.wrongPassword,
    });
    expectProblem(await off({ code: await wrongCode(secret) }), 400, MSG.mfa.wrongCode);
    expect((await userRow(user.id)).totpEnabledAt).toBeInstanceOf(Date);

    const res = await off({ password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ mfaEnabled: false });
    const row = await userRow(user.id);
    expect([row.totpSecret, row.totpEnabledAt, row.totpPendingSecret, row.totpLastStep]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(
      await t.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id)),
    ).toEqual([]);
    expect(await me(await signIn(t.app, user))).toMatchObject({ id: user.id, mfaEnabled: false });
    expectProblem(await off({ password: user.password }), 409, MSG.mfa.notEnabled);
  });

  it("accepts a current code instead of the password", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const { secret } = await enrolMfa(t.app, cookie, user.password);
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/disable",
      cookie,
      payload: { code: await totpCode(secret, 1) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(user.id)).totpEnabledAt).toBeNull();
  });
});

describe("proof at enrolment", () => {
  it("needs the account's password to turn the factor on: a session alone cannot", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const setup = await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
    const { secret } = setup.json();
    const confirm = (payload: object) =>
      call(t.app, { method: "POST", url: "/api/auth/mfa/confirm", cookie, payload });
    expectProblem(await confirm({ code: await totpCode(secret) }), 400, MSG.mfa.passwordRequired);
    const wrong = await confirm({ code: await totpCode(secret), password: "Wr0ng!Pass" });
    expect(expectProblem(wrong, 400, MSG.mfa.wrongPassword).errors).toEqual({
      password: MSG.mfa.wrongPassword,
    });
    expect((await userRow(user.id)).totpEnabledAt).toBeNull();
    const right = await confirm({ code: await totpCode(secret), password: user.password });
    expect(right.statusCode, right.body).toBe(200);
  });

  it("sends an account without a password (Google only) to set one first", async () => {
    const { user, cookie } = await signedInUser(t.app);
    await t.app.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    expectProblem(
      await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie }),
      400,
      MSG.mfa.noPassword,
    );
    expect((await userRow(user.id)).totpPendingSecret).toBeNull();
  });
});

describe("wrong codes in a row", () => {
  it("after ten, the code step refuses even the right code until the password is entered again", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const { secret } = await enrolMfa(t.app, cookie, user.password);
    const first = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: user.email, password: user.password },
    });
    const step = (c: string, code: string) =>
      call(t.app, { method: "POST", url: "/api/auth/signin/mfa", cookie: c, payload: { code } });
    const bad = await wrongCode(secret);
    // Guesses sent at once are each counted before they are checked: exactly ten are tried.
    const guesses = await Promise.all(Array.from({ length: 12 }, () => step(pendingCookie(first), bad)));
    const details = guesses.map((g) => g.json().detail);
    expect(details.filter((d) => d === MSG.mfa.wrongCode)).toHaveLength(10);
    expect(details.filter((d) => d === MSG.mfa.tooManyCodes)).toHaveLength(2);
    expect((await userRow(user.id)).totpFailedAttempts).toBe(10);

    const locked = await step(pendingCookie(first), await totpCode(secret, 1));
    expectProblem(locked, 401, MSG.mfa.tooManyCodes);
    expect(locked.cookies.find((c) => c.name === "mh_mfa")?.value).toBe("");
    expect(locked.cookies.find((c) => c.name === "mh_session")).toBeUndefined();

    const again = await signInWithCode(t.app, user, () => totpCode(secret, 1));
    expect(again.statusCode, again.body).toBe(200);
    expect((await userRow(user.id)).totpFailedAttempts).toBe(0);
  });
});

describe("a pending cookie signs in once", () => {
  it("is spent by the code that signed in: a copy cannot sign in with a later code", async () => {
    const { user, cookie } = await signedInUser(t.app);
    vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
    const { secret } = await enrolMfa(t.app, cookie, user.password);
    const first = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: user.email, password: user.password },
    });
    const step = (code: string) =>
      call(t.app, {
        method: "POST",
        url: "/api/auth/signin/mfa",
        cookie: pendingCookie(first),
        payload: { code },
      });
    expect((await step(await totpCode(secret))).statusCode).toBe(401);
    vi.setSystemTime(Date.now() + 30_000);
    expect((await step(await totpCode(secret))).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 30_000);
    const copy = await step(await totpCode(secret));
    expectProblem(copy, 401, MSG.mfa.pendingExpired);
    expect(copy.cookies.find((c) => c.name === "mh_session")).toBeUndefined();
  });

  it("is spent by a recovery code too, and a second one is not used up", async () => {
    const { user, cookie } = await signedInUser(t.app);
    // Within the step of the code that turned it on: a recovery code must still spend the cookie.
    vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
    const { recoveryCodes } = await enrolMfa(t.app, cookie, user.password);
    const first = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: user.email, password: user.password },
    });
    const step = (code: string) =>
      call(t.app, {
        method: "POST",
        url: "/api/auth/signin/mfa",
        cookie: pendingCookie(first),
        payload: { code },
      });
    expect((await step(recoveryCodes[0]!)).statusCode).toBe(200);
    expectProblem(await step(recoveryCodes[1]!), 401, MSG.mfa.pendingExpired);
    expect((await signInWithCode(t.app, user, recoveryCodes[1]!)).statusCode).toBe(200);
  });
});

describe("a secret sealed under another SESSION_SECRET", () => {
  it("answers a problem naming the operator's reset, not a bare 500, at every step that opens it", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const setup = await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
    const { secret } = setup.json();
    const foreign = mfaKeys("an-older-session-secret-of-at-least-32-chars").box.seal(secret, user.id);
    await t.app.db.update(users).set({ totpPendingSecret: foreign }).where(eq(users.id, user.id));
    const confirm = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/confirm",
      cookie,
      payload: { code: await totpCode(secret), password: user.password },
    });
    expectProblem(confirm, 500, MSG.mfa.secretUnreadable);

    await t.app.db
      .update(users)
      .set({ totpSecret: foreign, totpPendingSecret: null, totpEnabledAt: new Date() })
      .where(eq(users.id, user.id));
    expectProblem(
      await signInWithCode(t.app, user, () => totpCode(secret, 1)),
      500,
      MSG.mfa.secretUnreadable,
    );
    const off = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/disable",
      cookie,
      payload: { code: await totpCode(secret, 1) },
    });
    expectProblem(off, 500, MSG.mfa.secretUnreadable);
  });
});
