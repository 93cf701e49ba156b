import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { sessions } from "#server/db/schema.ts";
import {
  deleteExpiredSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_MS,
} from "#server/features/auth/sessions.ts";
import { call, expectProblem, sessionCookie, setupTestApp } from "#server/test/app.ts";
import { sessionCookieOf, signin } from "#server/test/auth.ts";
import { buildUser, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** GET /api/auth/me as answered: the test reads the session cookie it sets or clears, not only the user. */
function getMe(app: FastifyInstance, cookie: string) {
  return call(app, { method: "GET", url: "/api/auth/me", cookie });
}

async function row(app: FastifyInstance, userId: string) {
  const [r] = await app.db.select().from(sessions).where(eq(sessions.userId, userId));
  return r!;
}

async function setSession(
  app: FastifyInstance,
  userId: string,
  values: Partial<typeof sessions.$inferInsert>,
) {
  await app.db.update(sessions).set(values).where(eq(sessions.userId, userId));
}

describe("session lifetimes over http", () => {
  const t = setupTestApp();

  it("the lifetimes are 7 idle days within 30 days of sign-in, touched at most hourly", () => {
    expect(SESSION_IDLE_MS).toBe(7 * DAY);
    expect(SESSION_ABSOLUTE_MS).toBe(30 * DAY);
    expect(SESSION_TOUCH_MS).toBe(60 * MINUTE);
  });

  it("a new session's cookie and row expire after the idle time", async () => {
    const user = await buildUser(t.app);
    const before = Date.now();
    const res = await signin(t.app, { email: user.email, password: user.password });
    const expires = new Date(sessionCookieOf(res)!.expires!).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + SESSION_IDLE_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + SESSION_IDLE_MS);
    expect(Math.abs((await row(t.app, user.id)).expiresAt.getTime() - expires)).toBeLessThan(1000);
  });

  it("an idle-expired session is refused even though it was used recently enough by its sign-in date", async () => {
    const { user, cookie } = await signedInUser(t.app);
    await setSession(t.app, user.id, {
      lastSeenAt: new Date(Date.now() - 8 * DAY),
      expiresAt: new Date(Date.now() - DAY),
    });
    const res = await getMe(t.app, cookie);
    expect(res.json()).toEqual({ user: null });
    expect(sessionCookieOf(res)?.value).toBe("");
  });

  it("a session signed in over 30 days ago is refused although still within its idle time", async () => {
    const { user, cookie } = await signedInUser(t.app);
    await setSession(t.app, user.id, {
      createdAt: new Date(Date.now() - 30 * DAY - MINUTE),
      lastSeenAt: new Date(Date.now() - 10 * MINUTE),
      expiresAt: new Date(Date.now() + 6 * DAY),
    });
    const res = await getMe(t.app, cookie);
    expect(res.json()).toEqual({ user: null });
    expect(sessionCookieOf(res)?.value).toBe("");
    expectProblem(
      await call(t.app, { method: "GET", url: "/api/me/orders", cookie }),
      401,
      MSG.auth.notSignedIn,
    );
  });

  it("a session signed in 29 days ago still works, but its expiry never passes the 30 days", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const createdAt = new Date(Date.now() - 29 * DAY);
    await setSession(t.app, user.id, {
      createdAt,
      lastSeenAt: new Date(Date.now() - 2 * 60 * MINUTE),
      expiresAt: new Date(Date.now() + DAY),
    });
    const res = await getMe(t.app, cookie);
    expect(res.json().user).toMatchObject({ id: user.id });
    const end = createdAt.getTime() + SESSION_ABSOLUTE_MS;
    expect((await row(t.app, user.id)).expiresAt.getTime()).toBe(end);
    expect(new Date(sessionCookieOf(res)!.expires!).getTime()).toBe(Math.floor(end / 1000) * 1000);
  });

  it("touches the session (last seen, expiry, cookie) at most once an hour over many requests", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const fresh = await row(t.app, user.id);

    const setCookies = async (n: number) => {
      let count = 0;
      for (let i = 0; i < n; i++) {
        const res = await getMe(t.app, cookie);
        expect(res.json().user).toMatchObject({ id: user.id });
        if (sessionCookieOf(res)) count++;
      }
      return count;
    };

    expect(await setCookies(20)).toBe(0);
    expect(await row(t.app, user.id)).toEqual(fresh);

    // 59 minutes since last seen: still not written.
    const recently = new Date(Date.now() - 59 * MINUTE);
    await setSession(t.app, user.id, { lastSeenAt: recently });
    expect(await setCookies(10)).toBe(0);
    expect((await row(t.app, user.id)).lastSeenAt).toEqual(recently);

    // Over an hour: the first request writes once, the following ones do not.
    await setSession(t.app, user.id, { lastSeenAt: new Date(Date.now() - 61 * MINUTE) });
    const before = Date.now();
    expect(await setCookies(10)).toBe(1);
    const touched = await row(t.app, user.id);
    expect(touched.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(touched.lastSeenAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(touched.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SESSION_IDLE_MS - 1000);
    expect(touched.createdAt).toEqual(fresh.createdAt);
  });

  it("sign-out clears the cookie with the attributes it was set with (Path=/, SameSite=Lax, HttpOnly)", async () => {
    const { cookie } = await signedInUser(t.app);
    const res = await call(t.app, { method: "POST", url: "/api/auth/signout", cookie });
    expect(res.statusCode).toBe(204);
    const cleared = sessionCookieOf(res)!;
    expect(cleared).toMatchObject({
      name: "mh_session",
      value: "",
      path: "/",
      sameSite: "Lax",
      httpOnly: true,
    });
    expect(cleared.secure).toBeUndefined();
    expect(cleared.domain).toBeUndefined();
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
  });

  it("the clean-up deletes idle-expired and absolute-expired sessions, and keeps live ones", async () => {
    const idle = await signedInUser(t.app);
    const old = await signedInUser(t.app);
    const live = await signedInUser(t.app);
    await setSession(t.app, idle.user.id, { expiresAt: new Date(Date.now() - MINUTE) });
    await setSession(t.app, old.user.id, { createdAt: new Date(Date.now() - 31 * DAY) });
    await deleteExpiredSessions(t.app.db);
    const left = async (userId: string) =>
      (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
    expect(await left(idle.user.id)).toBe(0);
    expect(await left(old.user.id)).toBe(0);
    expect(await left(live.user.id)).toBe(1);
  });
});

describe("the session cookie over https", () => {
  const t = setupTestApp({ PUBLIC_URL: "https://motohaat.example" });

  it("is __Host-mh_session: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax", async () => {
    const user = await buildUser(t.app);
    const res = await signin(t.app, { email: user.email, password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    const names = res.cookies.map((c) => c.name);
    expect(names).toContain("__Host-mh_session");
    expect(names).not.toContain("mh_session");
    const set = sessionCookieOf(res)!;
    expect(set).toMatchObject({ secure: true, path: "/", httpOnly: true, sameSite: "Lax" });
    expect(set.domain).toBeUndefined();
    expect(String(res.headers["set-cookie"])).not.toMatch(/domain=/i);

    const cookie = sessionCookie(res);
    expect((await getMe(t.app, cookie)).json().user).toMatchObject({ id: user.id });
    // The unprefixed name, which a subdomain or plain-http page could set, is not read.
    const token = cookie.split("=")[1];
    expect((await getMe(t.app, `mh_session=${token}`)).json()).toEqual({ user: null });

    const out = await call(t.app, { method: "POST", url: "/api/auth/signout", cookie });
    expect(sessionCookieOf(out)).toMatchObject({
      name: "__Host-mh_session",
      value: "",
      secure: true,
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
    });
    expect((await getMe(t.app, cookie)).json()).toEqual({ user: null });
  });
});
