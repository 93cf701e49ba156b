import cookie from "@fastify/cookie";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "#server/db/client.ts";
import { sessions } from "#server/db/schema.ts";
import { SESSION_TOUCH_MS } from "#server/features/auth/sessions.ts";
import { call, setupTestApp } from "#server/test/app.ts";
import { signedInUser } from "#server/test/factories.ts";
import { authPlugin } from "./auth.ts";

/**
 * The plugin's set-up, checked inside the tests (not in a beforeAll) so that a broken registration
 * fails a test: the mutation runner counts a failure while an app is built in beforeAll as a survivor.
 */
async function bareApp(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(cookie);
  // No request here carries a session cookie, so the database is never read.
  await app.register(authPlugin, {
    db: {} as Db,
    secret: "s".repeat(32),
    secureCookies: false,
    lockedEmails: new Set<string>(),
  });
  return app;
}

/** Registers a route and starts the app; the error the app refuses to start with, if any. */
async function startWith(register: (app: FastifyInstance) => void): Promise<unknown> {
  const app = await bareApp();
  try {
    register(app);
    await app.ready();
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await app.close();
  }
}

describe("the auth plugin's set-up", () => {
  it("refuses to start with an /api route that does not say who may call it", async () => {
    const noConfig = await startWith((app) => app.get("/api/undeclared", async () => ({})));
    expect(String(noConfig)).toContain("Route GET /api/undeclared does not declare config.access");
    const noAccess = await startWith((app) =>
      app.post("/api/undeclared", { config: { crossOrigin: true } }, async () => ({})),
    );
    expect(String(noAccess)).toContain("Route POST /api/undeclared does not declare config.access");
  });

  it("starts with every /api route declared, and with pages outside /api undeclared", async () => {
    expect(
      await startWith((app) => {
        app.get("/api/declared", { config: { access: "public" } }, async () => ({}));
        app.get("/about", async () => "page");
      }),
    ).toBeUndefined();
  });

  it("a request without a session has no user, no session and no admin rights", async () => {
    const app = await bareApp();
    app.get("/api/whoami", { config: { access: "public" } }, async (request) => ({
      user: request.user,
      sessionId: request.sessionId,
      adminRights: request.adminRights,
    }));
    const res = await app.inject({ method: "GET", url: "/api/whoami" });
    await app.close();
    // JSON drops undefined: an undecorated property would be missing, not null.
    expect(res.json()).toStrictEqual({ user: null, sessionId: null, adminRights: false });
  });

  it("an unknown /api address is a 404 for anyone", async () => {
    const app = await bareApp();
    const res = await app.inject({ method: "GET", url: "/api/nothing-here" });
    await app.close();
    expect(res.statusCode).toBe(404);
  });
});

describe("the session touch", () => {
  const t = setupTestApp();
  afterEach(() => vi.useRealTimers());

  it("happens only once a full hour has passed since the last one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-11-01T10:00:00.000Z");
    vi.setSystemTime(start);
    const { user, cookie } = await signedInUser(t.app);
    const lastSeen = async () =>
      (await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id)))[0]!.lastSeenAt;

    // Exactly one hour later: not yet.
    vi.setSystemTime(start.getTime() + SESSION_TOUCH_MS);
    const atHour = await call(t.app, { method: "GET", url: "/api/auth/me", cookie });
    expect(atHour.statusCode).toBe(200);
    expect(atHour.cookies).toEqual([]);
    expect((await lastSeen()).getTime()).toBe(start.getTime());

    // A millisecond more: the session is pushed forward and its cookie renewed.
    vi.setSystemTime(start.getTime() + SESSION_TOUCH_MS + 1);
    const afterHour = await call(t.app, { method: "GET", url: "/api/auth/me", cookie });
    expect(afterHour.cookies.map((c) => c.name)).toEqual(["mh_session"]);
    expect((await lastSeen()).getTime()).toBe(start.getTime() + SESSION_TOUCH_MS + 1);
  });
});
