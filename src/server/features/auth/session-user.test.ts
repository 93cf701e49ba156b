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
 * Mutation testing of the auth plugin (README "Testing"). One full run on 2026-11-24 of
 * plugins/auth.ts and features/auth/sessions.ts (the session service that left the plugin), with
 * plugins/auth-plugin, session-lifetimes, this file, sessions, sweeper, devices, change-password,
 * signin, admin-mfa, demo-lock and authorization-matrix tests, `--ignoreStatic`: 97.1 % (132 of 136
 * killed, 0 timed out, 0 without coverage); plugins/auth.ts 100 % (78 of 78), sessions.ts 93.1 %
 * (54 of 58). Its four survivors, each checked by hand:
 * - endSessions `keep === undefined` → false (ending "all" sessions would end none): killed by
 *   password-reset and google-linking tests (2 fail), which the run did not include.
 * - sessionEmail's body emptied and its select emptied: killed by signin-throttle tests (6 fail),
 *   not in the run either.
 * - sessionEmail's `row?.email` → `row.email`: equivalent in practice (the caller asks for the
 *   session its own reply has just written); marked `Stryker disable` with that reason.
 * Static mutants (cookie names, lifetimes) are ignored by the runner and checked by
 * session-lifetimes.test.ts. Before this run, the registration mutants (decorateRequest, the onRoute
 * guard) were counted as survivors because the app was built in beforeAll: auth-plugin.test.ts
 * builds it inside its tests, and the touch boundary (`<=` → `<`) is tested to the millisecond there.
 * The earlier run (2026-11-23, the plugin still holding the session service): 86.4 %, then 91.6 %.
 */
