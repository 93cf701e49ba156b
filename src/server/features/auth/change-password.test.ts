import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, sessions, users } from "#server/db/schema.ts";
import {
  call,
  createTestApp,
  expectProblem,
  sessionCookie,
  setupTestApp,
  type TestApp,
} from "#server/test/app.ts";
import { canSignIn, me, signin, signup } from "#server/test/auth.ts";
import { buildUser, STRONG_PASSWORD, signedInUser, signIn, uniqueEmail } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import { hashToken } from "./sessions.ts";

const t = setupTestApp();

const NEW_PASSWORD = "N3w!Secret";

function changePassword(app: FastifyInstance, cookie: string | undefined, payload: Record<string, unknown>) {
  return call(app, { method: "POST", url: "/api/auth/password", cookie, payload });
}

describe("common passwords are refused wherever a password is set", () => {
  it.each(["Password1!", "pASSWORD1!", "Qwerty123!", "Summer2024!", "Pass!word1", "!1Dragon"])(
    "sign-up refuses %s with the field error, and creates nobody",
    async (password) => {
      const email = uniqueEmail("common");
      const res = await signup(t.app, { name: "Common", email, password });
      expect(expectProblem(res, 400, MSG.signup.passwordCommon).errors).toEqual({
        password: MSG.signup.passwordCommon,
      });
      expect(await canSignIn(t.app, email, password)).toBe(false);
    },
  );

  it("password reset refuses a common password and leaves the link usable", async () => {
    const user = await buildUser(t.app);
    const token = randomBytes(32).toString("base64url");
    await t.app.db.insert(passwordResetTokens).values({
      id: hashToken(t.config.sessionSecret, token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const confirm = (password: string) =>
      call(t.app, { method: "POST", url: "/api/auth/password-reset/confirm", payload: { token, password } });

    const refused = await confirm("Letmein1!");
    expect(expectProblem(refused, 400, MSG.signup.passwordCommon).errors).toEqual({
      password: MSG.signup.passwordCommon,
    });
    expect((await confirm(NEW_PASSWORD)).statusCode).toBe(200);
    expect(await canSignIn(t.app, user.email, NEW_PASSWORD)).toBe(true);
  });

  it("changing the password refuses a common new password and keeps the old one", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const res = await changePassword(t.app, cookie, {
      currentPassword: user.password,
      newPassword: "Monkey123!",
    });
    expect(expectProblem(res, 400, MSG.signup.passwordCommon).errors).toEqual({
      newPassword: MSG.signup.passwordCommon,
    });
    expect(await canSignIn(t.app, user.email, user.password)).toBe(true);
  });
});

describe("changing one's password", () => {
  it("asks for the current password: a wrong one is a 400 on currentPassword and changes nothing", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const other = await signIn(t.app, user);
    const res = await changePassword(t.app, cookie, {
      currentPassword: "Wr0ng!Pass",
      newPassword: NEW_PASSWORD,
    });
    expect(expectProblem(res, 400, MSG.account.currentPasswordWrong).errors).toEqual({
      currentPassword: MSG.account.currentPasswordWrong,
    });
    expect(await canSignIn(t.app, user.email, user.password)).toBe(true);
    expect(await canSignIn(t.app, user.email, NEW_PASSWORD)).toBe(false);
    expect(await me(t.app, other)).toMatchObject({ id: user.id });
  });

  it("applies the sign-up rule to the new password and needs both fields", async () => {
    const { cookie, user } = await signedInUser(t.app);
    const weak = await changePassword(t.app, cookie, {
      currentPassword: user.password,
      newPassword: "abcdef1!",
    });
    expect(expectProblem(weak, 400).errors).toEqual({ newPassword: MSG.signup.passwordWeak });
    const empty = await changePassword(t.app, cookie, {});
    expect(expectProblem(empty, 400).errors).toEqual({
      currentPassword: MSG.account.currentPasswordRequired,
      newPassword: MSG.signup.passwordRequired,
    });
  });

  it("sets the new password, ends every other session and reset link, and keeps this one", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const laptop = await signIn(t.app, user);
    const phone = await signIn(t.app, user);
    await t.app.db.insert(passwordResetTokens).values({
      id: hashToken(t.config.sessionSecret, "an-old-link"),
      userId: user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });

    const res = await changePassword(t.app, cookie, {
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.account.passwordChanged });

    expect(await me(t.app, cookie)).toMatchObject({ id: user.id });
    expect(await me(t.app, laptop)).toBeNull();
    expect(await me(t.app, phone)).toBeNull();
    const protectedRes = await call(t.app, { method: "GET", url: "/api/me/orders", cookie: laptop });
    expectProblem(protectedRes, 401, MSG.auth.notSignedIn);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect(
      await t.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
    ).toHaveLength(0);

    expect(await canSignIn(t.app, user.email, user.password)).toBe(false);
    expect(await canSignIn(t.app, user.email, NEW_PASSWORD)).toBe(true);
  });

  it("an account without a password (Google only) is told how to set one", async () => {
    const { user, cookie } = await signedInUser(t.app);
    await t.app.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const res = await changePassword(t.app, cookie, {
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
    });
    expectProblem(res, 400, MSG.account.noPassword);
    expect(await canSignIn(t.app, user.email, NEW_PASSWORD)).toBe(false);
  });

  it("the signed-in user says whether there is a password, so the page can offer the form or not", async () => {
    const withPassword = await buildUser(t.app);
    const res = await signin(t.app, { email: withPassword.email, password: withPassword.password });
    expect(res.json().user).toMatchObject({ hasPassword: true });
    expect(await me(t.app, sessionCookie(res))).toMatchObject({ hasPassword: true });

    const { user: googleOnly, cookie } = await signedInUser(t.app);
    await t.app.db.update(users).set({ passwordHash: null }).where(eq(users.id, googleOnly.id));
    expect(await me(t.app, cookie)).toMatchObject({ id: googleOnly.id, hasPassword: false });
  });

  it("needs a session", async () => {
    const res = await changePassword(t.app, undefined, {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expectProblem(res, 401, MSG.auth.notSignedIn);
  });
});

describe("guessing the current password through a session", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: "3" });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("is limited per account like sign-in: past the budget even the right password waits", async () => {
    const { user, cookie } = await signedInUser(limited.app);
    for (let i = 0; i < 3; i++) {
      const res = await changePassword(limited.app, cookie, {
        currentPassword: `Wr0ng!${i}`,
        newPassword: NEW_PASSWORD,
      });
      expectProblem(res, 400, MSG.account.currentPasswordWrong);
    }
    const res = await changePassword(limited.app, cookie, {
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
    });
    expectProblem(res, 429);
    expect(res.headers["retry-after"]).toBeDefined();
    expect(await canSignIn(limited.app, user.email, user.password)).toBe(true);
  });
});
