import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { sessions } from "#server/db/schema.ts";
import { call, expectProblem, sessionCookie, setupTestApp } from "#server/test/app.ts";
import { me, sessionCookieOf } from "#server/test/auth.ts";
import { buildUser, signedInUser, signIn } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { Device } from "#shared/schemas/account.ts";

const t = setupTestApp();

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

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

async function devices(app: FastifyInstance, cookie: string): Promise<Device[]> {
  const res = await call(app, { method: "GET", url: "/api/auth/sessions", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().devices;
}

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
    expect(sessionCookieOf(res)?.value).toBe("");
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
