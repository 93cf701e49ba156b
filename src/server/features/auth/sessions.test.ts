import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { sessions } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { me, sessionCookieOf } from "#server/test/auth.ts";
import { signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

const DAY = 24 * 60 * 60 * 1000;
const SESSION_DAYS = 7;

async function sessionRows(app: FastifyInstance, userId: string) {
  return app.db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** One app for every test that needs no special configuration. */
const t = setupTestApp();

describe("sessions", () => {
  it("sign-out answers 204, clears the cookie and ends the session on the server", async () => {
    const { user, cookie } = await signedInUser(t.app);
    expect(await me(t.app, cookie)).toMatchObject({ id: user.id });
    expect(await sessionRows(t.app, user.id)).toHaveLength(1);

    const res = await call(t.app, { method: "POST", url: "/api/auth/signout", cookie });
    expect(res.statusCode, res.body).toBe(204);
    const cleared = sessionCookieOf(res)!;
    expect(cleared.value).toBe("");
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());

    // The browser forgot the cookie; someone who kept a copy gets nothing from it.
    expect(await me(t.app, cookie)).toBeNull();
    expect(await sessionRows(t.app, user.id)).toHaveLength(0);
  });

  it("sign-out without a session still answers 204", async () => {
    const res = await call(t.app, { method: "POST", url: "/api/auth/signout" });
    expect(res.statusCode, res.body).toBe(204);
  });

  it("an expired session signs nobody in and its cookie is cleared", async () => {
    const { user, cookie } = await signedInUser(t.app);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await call(t.app, { method: "GET", url: "/api/auth/me", cookie });
    expect(res.json()).toEqual({ user: null });
    expect(sessionCookieOf(res)?.value).toBe("");
    const protectedRes = await call(t.app, { method: "GET", url: "/api/me/orders", cookie });
    expectProblem(protectedRes, 401, MSG.auth.notSignedIn);
  });

  it("slides a session's expiry forward to 7 idle days when it is used, at most once an hour", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const [fresh] = await sessionRows(t.app, user.id);

    // Just made: using it writes nothing and sets no cookie.
    const untouched = await call(t.app, { method: "GET", url: "/api/auth/me", cookie });
    expect(untouched.json().user).toMatchObject({ id: user.id });
    expect(sessionCookieOf(untouched)).toBeUndefined();
    expect((await sessionRows(t.app, user.id))[0]!.expiresAt).toEqual(fresh!.expiresAt);

    const lastSeen = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await t.app.db.update(sessions).set({ lastSeenAt: lastSeen }).where(eq(sessions.userId, user.id));
    const before = Date.now();
    const res = await call(t.app, { method: "GET", url: "/api/auth/me", cookie });
    expect(res.json().user).toMatchObject({ id: user.id });

    const [row] = await sessionRows(t.app, user.id);
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SESSION_DAYS * DAY - 1000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_DAYS * DAY);
    const renewed = sessionCookieOf(res)!;
    expect(`mh_session=${renewed.value}`).toBe(cookie);
    expect(renewed).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(Math.abs(new Date(renewed.expires!).getTime() - row!.expiresAt.getTime())).toBeLessThan(1000);
  });
});
