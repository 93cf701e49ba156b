import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { sessions, users } from "#server/db/schema.ts";
import { sessionClient } from "#server/features/auth/sessions.ts";
import { call, setupTestApp } from "#server/test/app.ts";
import { me } from "#server/test/auth.ts";
import { buildListing, buildUser, signedInUser } from "#server/test/factories.ts";

/** What the session service reads from a session and records for it (sessions.ts, through the auth plugin), over HTTP. */
describe("the signed-in user and the session's device", () => {
  const t = setupTestApp();

  it("/api/auth/me shows the user's profile photo with its size", async () => {
    const { user, cookie } = await signedInUser(t.app);
    // The factory's listing photo (96 × 64) as the user's profile photo.
    const { photoKey } = await buildListing(t.app);
    await t.app.db.update(users).set({ photoKey }).where(eq(users.id, user.id));

    expect((await me(t.app, cookie))!.photo).toEqual({
      src: expect.stringContaining(photoKey!),
      srcSet: expect.stringContaining(photoKey!),
      width: 96,
      height: 64,
    });
  });

  it("keeps the first 512 characters of the browser's User-Agent", async () => {
    const sessionOf = async (userId: string) =>
      (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!;
    const signIn = (user: { email: string; password: string }, headers: Record<string, string>) =>
      call(t.app, {
        method: "POST",
        url: "/api/auth/signin",
        headers,
        payload: { email: user.email, password: user.password },
      });

    const long = await buildUser(t.app);
    const agent = `Mozilla/5.0 (X11; Linux x86_64) ${"x".repeat(600)}`;
    expect((await signIn(long, { "user-agent": agent })).statusCode).toBe(200);
    expect((await sessionOf(long.id)).userAgent).toBe(agent.slice(0, 512));
  });

  it("records no User-Agent for a client that sends none", () => {
    // app.inject always sends one (lightMyRequest): a request without it, as a script could send.
    const request = { headers: {}, ip: "203.0.113.7" } as FastifyRequest;
    expect(sessionClient(request)).toEqual({ userAgent: null, ip: expect.any(String) });
  });
});

/*
 * Mutation testing of plugins/auth.ts (README "Testing"), measured 2026-11-23 with this file (then
 * plugins/auth-session-user), session-lifetimes (then plugins/auth-sessions), auth (since split
 * into features/auth signup, signin, sessions, same-origin,
 * signin-rate-limits and demo-accounts tests), admin-mfa, demo-lock and app tests, `--ignoreStatic`:
 * 86.4 % (108 killed, 16 survived, 1 without coverage, 9 runtime errors, 18 static ignored). Survivors
 * since sorted:
 * - checkAccess `!access.includes(role)` (false, and its throw without coverage): killed by
 *   authorization-matrix.test.ts (a run of checkAccess, then lines 183-199, with it and admin-mfa:
 *   39 of 41 killed).
 * - hasAdminRights `role !== "admin"` (`if (false)`, `return true`): were real gaps (a buyer got
 *   admin rights); killed by admin-mfa's "gives admin rights to admins only" (checked by hand).
 * - Plugin registration (decorateRequest and the onRoute hook): it runs while the app is built,
 *   which the runner counts as survived; applied by hand one by one with app, auth and admin-mfa
 *   tests, 15 of 18 candidate mutants fail them. Left alive: the names "sessionId" and
 *   "adminRights" emptied (undecorated, the properties are undefined instead of null/false for a
 *   caller without a session: read only as falsy, equivalent). The third, `!startsWith("/api/docs")`
 *   → true, was dead code and is gone, as is the `opts.lockedEmails?.` survivor (the set is required).
 * - Probably equivalent: `config?.access` (every route has a config).
 * Since that run the session service (create, load, touch, end, sweep, cookie names and lifetimes)
 * left auth.ts for features/auth/sessions.ts, with its survivors: createSession's default client
 * `{}` (undefined columns are written as their null default), the touch's `<=` → `<` (exactly one
 * hour to the millisecond), both probably equivalent, and the static cookie names and lifetimes
 * (killed by hand by session-lifetimes.test.ts). auth.ts now keeps the request decoration, the route
 * guard, the session hook, checkAccess and hasAdminRights.
 * Not yet re-measured in one full run: by this sorting about 94-95 %, so the 95 % bar is not shown.
 */
