import { afterEach, describe, expect, it, vi } from "vitest";
import { passwordResetTokens } from "#server/db/schema.ts";
import { call, expectProblem, sessionCookie, setupTestApp } from "#server/test/app.ts";
import { me, sessionCookieOf, userRow } from "#server/test/auth.ts";
import { buildUser, signedInUser } from "#server/test/factories.ts";
import {
  codeStep,
  enrolMfa,
  passwordStep,
  pendingCookie,
  signedInUserWithMfa,
  signInWithCode,
  totpCode,
  wrongCode,
} from "#server/test/mfa.ts";
import { MSG } from "#shared/messages.ts";
import { hashToken } from "./sessions.ts";

const t = setupTestApp();

afterEach(() => {
  vi.useRealTimers();
});

describe("signing in with two-step sign-in", () => {
  it("answers mfaRequired with a short-lived signed HttpOnly cookie and no session, then the code signs in", async () => {
    const { user, secret } = await signedInUserWithMfa(t.app);

    const first = await passwordStep(t.app, user);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ mfaRequired: true });
    expect(sessionCookieOf(first)).toBeUndefined();
    const pending = first.cookies.find((c) => c.name === "mh_mfa")!;
    expect(pending).toMatchObject({
      httpOnly: true,
      maxAge: 300,
      path: "/api/auth/signin/mfa",
      sameSite: "Lax",
    });
    // The pending cookie is no session.
    expect(await me(t.app, pendingCookie(first))).toBeNull();

    const wrong = await codeStep(t.app, pendingCookie(first), await wrongCode(secret));
    expect(expectProblem(wrong, 401, MSG.mfa.wrongCode).errors).toEqual({ code: MSG.mfa.wrongCode });
    expect(sessionCookieOf(wrong)).toBeUndefined();

    // The current step's code went to enrolment; the next step's is the fresh one.
    const second = await codeStep(t.app, pendingCookie(first), await totpCode(secret, 1));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().user).toMatchObject({ id: user.id, mfaEnabled: true });
    expect(second.cookies.find((c) => c.name === "mh_mfa")?.value).toBe("");
    expect(await me(t.app, sessionCookie(second))).toMatchObject({ id: user.id });
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
    const { user, recoveryCodes } = await signedInUserWithMfa(t.app);
    const code = recoveryCodes[3]!;

    const res = await signInWithCode(t.app, user, code.replace("-", "").toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(await me(t.app, sessionCookie(res))).toMatchObject({ id: user.id });

    const again = await signInWithCode(t.app, user, code);
    expect(expectProblem(again, 401, MSG.mfa.wrongRecoveryCode).errors).toEqual({
      code: MSG.mfa.wrongRecoveryCode,
    });
    // The others still work.
    expect((await signInWithCode(t.app, user, recoveryCodes[4]!)).statusCode).toBe(200);
  });

  it("refuses the code step without a pending cookie, with an altered one, or after five minutes", async () => {
    const { user, secret } = await signedInUserWithMfa(t.app);
    const step = (c: string | undefined, code: string) => codeStep(t.app, c, code);

    expectProblem(await step(undefined, await totpCode(secret, 1)), 401, MSG.mfa.pendingExpired);

    const first = await passwordStep(t.app, user);
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
    const { user, secret } = await signedInUserWithMfa(t.app);
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
    expect(sessionCookieOf(res)).toBeUndefined();
    const code = await codeStep(t.app, pendingCookie(res), await totpCode(secret, 1));
    expect(code.statusCode, code.body).toBe(200);
  });
});

describe("wrong codes in a row", () => {
  it("after ten, the code step refuses even the right code until the password is entered again", async () => {
    const { user, secret } = await signedInUserWithMfa(t.app);
    const first = await passwordStep(t.app, user);
    const step = (c: string, code: string) => codeStep(t.app, c, code);
    const bad = await wrongCode(secret);
    // Guesses sent at once are each counted before they are checked: exactly ten are tried.
    const guesses = await Promise.all(Array.from({ length: 12 }, () => step(pendingCookie(first), bad)));
    const details = guesses.map((g) => g.json().detail);
    expect(details.filter((d) => d === MSG.mfa.wrongCode)).toHaveLength(10);
    expect(details.filter((d) => d === MSG.mfa.tooManyCodes)).toHaveLength(2);
    expect((await userRow(t.app, user.id)).totpFailedAttempts).toBe(10);

    const locked = await step(pendingCookie(first), await totpCode(secret, 1));
    expectProblem(locked, 401, MSG.mfa.tooManyCodes);
    expect(locked.cookies.find((c) => c.name === "mh_mfa")?.value).toBe("");
    expect(sessionCookieOf(locked)).toBeUndefined();

    const again = await signInWithCode(t.app, user, () => totpCode(secret, 1));
    expect(again.statusCode, again.body).toBe(200);
    expect((await userRow(t.app, user.id)).totpFailedAttempts).toBe(0);
  });
});

describe("a pending cookie signs in once", () => {
  it("is spent by the code that signed in: a copy cannot sign in with a later code", async () => {
    const { user, cookie } = await signedInUser(t.app);
    vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
    const { secret } = await enrolMfa(t.app, cookie, user.password);
    const first = await passwordStep(t.app, user);
    const step = (code: string) => codeStep(t.app, pendingCookie(first), code);
    expect((await step(await totpCode(secret))).statusCode).toBe(401);
    vi.setSystemTime(Date.now() + 30_000);
    expect((await step(await totpCode(secret))).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 30_000);
    const copy = await step(await totpCode(secret));
    expectProblem(copy, 401, MSG.mfa.pendingExpired);
    expect(sessionCookieOf(copy)).toBeUndefined();
  });

  it("is spent by a recovery code too, and a second one is not used up", async () => {
    const { user, cookie } = await signedInUser(t.app);
    // Within the step of the code that turned it on: a recovery code must still spend the cookie.
    vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
    const { recoveryCodes } = await enrolMfa(t.app, cookie, user.password);
    const first = await passwordStep(t.app, user);
    const step = (code: string) => codeStep(t.app, pendingCookie(first), code);
    expect((await step(recoveryCodes[0]!)).statusCode).toBe(200);
    expectProblem(await step(recoveryCodes[1]!), 401, MSG.mfa.pendingExpired);
    expect((await signInWithCode(t.app, user, recoveryCodes[1]!)).statusCode).toBe(200);
  });
});
