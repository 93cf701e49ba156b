import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, sessions, users } from "#server/db/schema.ts";
import {
  call,
  createTestApp,
  expectProblem,
  multipart,
  sessionCookie,
  setupTestApp,
  type TestApp,
} from "#server/test/app.ts";
import {
  buildUser,
  jpeg,
  STRONG_PASSWORD,
  signedInUser,
  signIn,
  uniqueEmail,
} from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { Device } from "#shared/schemas/account.ts";
import { hashToken } from "./sessions.ts";

const t = setupTestApp();

const NEW_PASSWORD = "N3w!Secret";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function me(app: FastifyInstance, cookie: string) {
  const res = await call(app, { method: "GET", url: "/api/auth/me", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user as { id: string } | null;
}

function signinFrom(
  app: FastifyInstance,
  user: { email: string; password: string },
  from: { userAgent: string; ip: string },
) {
  return call(app, {
    method: "POST",
    url: "/api/auth/signin",
    payload: { email: user.email, password: user.password },
    headers: { "user-agent": from.userAgent },
    remoteAddress: from.ip,
  });
}

function changePassword(app: FastifyInstance, cookie: string | undefined, payload: Record<string, unknown>) {
  return call(app, { method: "POST", url: "/api/auth/password", cookie, payload });
}

async function devices(app: FastifyInstance, cookie: string): Promise<Device[]> {
  const res = await call(app, { method: "GET", url: "/api/auth/sessions", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().devices;
}

async function canSignIn(app: FastifyInstance, email: string, password: string) {
  const res = await call(app, { method: "POST", url: "/api/auth/signin", payload: { email, password } });
  expect([200, 401], res.body).toContain(res.statusCode);
  return res.statusCode === 200;
}

describe("common passwords are refused wherever a password is set", () => {
  it.each(["Password1!", "pASSWORD1!", "Qwerty123!", "Summer2024!", "Pass!word1", "!1Dragon"])(
    "sign-up refuses %s with the field error, and creates nobody",
    async (password) => {
      const email = uniqueEmail("common");
      const form = await multipart({
        name: "Common",
        email,
        role: "buyer",
        password,
        photo: { data: await jpeg(), filename: "me.jpg", type: "image/jpeg" },
      });
      const res = await call(t.app, { method: "POST", url: "/api/auth/signup", ...form });
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
    const signin = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: withPassword.email, password: withPassword.password },
    });
    expect(signin.json().user).toMatchObject({ hasPassword: true });
    expect(await me(t.app, sessionCookie(signin))).toMatchObject({ hasPassword: true });

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

describe("signed-in devices", () => {
  it("records browser and masked address at sign-in and lists them, this device marked, without stored ids", async () => {
    const user = await buildUser(t.app);
    const laptop = sessionCookie(
      await signinFrom(t.app, user, { userAgent: FIREFOX_LINUX, ip: "203.0.113.57" }),
    );
    const phone = sessionCookie(
      await signinFrom(t.app, user, { userAgent: SAFARI_IPHONE, ip: "2001:db8:85a3:8d3:1319:8a2e:370:7348" }),
    );

    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.ip).sort()).toEqual(["2001:db8:85a3::/48", "203.0.113.x"]);
    expect(rows.map((r) => r.userAgent).sort()).toEqual([FIREFOX_LINUX, SAFARI_IPHONE]);

    const res = await call(t.app, { method: "GET", url: "/api/auth/sessions", cookie: phone });
    expect(res.headers["cache-control"]).toBe("no-store");
    for (const row of rows) expect(res.body).not.toContain(row.id);
    const list: Device[] = res.json().devices;
    expect(list).toHaveLength(2);
    expect(list.find((d) => d.current)).toMatchObject({
      browser: "Mobile Safari 17",
      os: "iOS 17.5",
      ip: "2001:db8:85a3::/48",
    });
    expect(list.find((d) => !d.current)).toMatchObject({
      browser: "Firefox 128",
      os: "Linux",
      ip: "203.0.113.x",
    });
    for (const d of list) {
      expect(Date.parse(d.signedInAt)).not.toBeNaN();
      expect(Date.parse(d.lastSeenAt)).not.toBeNaN();
    }
    // Seen from the laptop, the laptop is "this device".
    expect((await devices(t.app, laptop)).find((d) => d.current)).toMatchObject({ browser: "Firefox 128" });
  });

  it("shows an unknown browser as null rather than guessing", async () => {
    const user = await buildUser(t.app);
    const cookie = sessionCookie(
      await signinFrom(t.app, user, { userAgent: "curl/8.5.0", ip: "198.51.100.7" }),
    );
    expect(await devices(t.app, cookie)).toEqual([
      expect.objectContaining({ browser: null, os: null, ip: "198.51.100.x", current: true }),
    ]);
  });

  it("ends one other device: it is signed out, this one is not", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const other = await signIn(t.app, user);
    const target = (await devices(t.app, cookie)).find((d) => !d.current)!;

    const res = await call(t.app, { method: "DELETE", url: `/api/auth/sessions/${target.id}`, cookie });
    expect(res.statusCode, res.body).toBe(204);
    expect(await me(t.app, other)).toBeNull();
    expect(await me(t.app, cookie)).toMatchObject({ id: user.id });
    expect(await devices(t.app, cookie)).toEqual([expect.objectContaining({ current: true })]);

    const again = await call(t.app, { method: "DELETE", url: `/api/auth/sessions/${target.id}`, cookie });
    expectProblem(again, 404, MSG.account.sessionNotFound);
  });

  it("another person's device is a 404 and stays signed in; so is a made-up id", async () => {
    const alice = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const bobsDevice = (await devices(t.app, bob.cookie))[0]!;

    const res = await call(t.app, {
      method: "DELETE",
      url: `/api/auth/sessions/${bobsDevice.id}`,
      cookie: alice.cookie,
    });
    expectProblem(res, 404, MSG.account.sessionNotFound);
    expect(await me(t.app, bob.cookie)).toMatchObject({ id: bob.user.id });
    expect((await devices(t.app, alice.cookie)).map((d) => d.id)).not.toContain(bobsDevice.id);

    const madeUp = await call(t.app, {
      method: "DELETE",
      url: "/api/auth/sessions/not-a-session",
      cookie: alice.cookie,
    });
    expectProblem(madeUp, 404, MSG.account.sessionNotFound);
  });

  it("a session's stored id does not work in place of its public id", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const other = await signIn(t.app, user);
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id)).limit(1);
    const res = await call(t.app, { method: "DELETE", url: `/api/auth/sessions/${row!.id}`, cookie });
    expectProblem(res, 404, MSG.account.sessionNotFound);
    expect(await me(t.app, other)).toMatchObject({ id: user.id });
  });

  it("ending this device signs it out and clears its cookie", async () => {
    const { cookie } = await signedInUser(t.app);
    const self = (await devices(t.app, cookie))[0]!;
    const res = await call(t.app, { method: "DELETE", url: `/api/auth/sessions/${self.id}`, cookie });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.cookies.find((c) => c.name === "mh_session")?.value).toBe("");
    expect(await me(t.app, cookie)).toBeNull();
  });

  it("ends every other device at once, and only the person's own", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const others = [await signIn(t.app, user), await signIn(t.app, user)];
    const stranger = await signedInUser(t.app);

    const res = await call(t.app, { method: "DELETE", url: "/api/auth/sessions", cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const other of others) expect(await me(t.app, other)).toBeNull();
    expect(await me(t.app, cookie)).toMatchObject({ id: user.id });
    expect(await me(t.app, stranger.cookie)).toMatchObject({ id: stranger.user.id });
  });

  it("needs a session", async () => {
    expectProblem(await call(t.app, { method: "GET", url: "/api/auth/sessions" }), 401, MSG.auth.notSignedIn);
    expectProblem(
      await call(t.app, { method: "DELETE", url: "/api/auth/sessions" }),
      401,
      MSG.auth.notSignedIn,
    );
    expectProblem(
      await call(t.app, { method: "DELETE", url: "/api/auth/sessions/x" }),
      401,
      MSG.auth.notSignedIn,
    );
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
