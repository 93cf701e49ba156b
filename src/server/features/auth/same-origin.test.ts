import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { sessions } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { canSignIn, me, sessionCookieOf } from "#server/test/auth.ts";
import { buildUser, signedInUser, signupForm, uniqueEmail } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

async function sessionRows(app: FastifyInstance, userId: string) {
  return app.db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** One app for every test that needs no special configuration. */
const t = setupTestApp();

describe("the same-origin rule and body types", () => {
  it("refuses a sign-up without an Origin header or from another site, creating nobody", async () => {
    for (const origin of [undefined, "https://evil.example", "null"]) {
      const email = uniqueEmail("csrf");
      const form = await signupForm({ email });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload: form.payload,
        headers: { ...form.headers, ...(origin && { origin }) },
      });
      expectProblem(res, 403, MSG.auth.badOrigin);
      expect(sessionCookieOf(res)).toBeUndefined();
      expect(await canSignIn(t.app, email)).toBe(false);
    }
  });

  it("refuses a sign-in from another site without signing anyone in", async () => {
    const user = await buildUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: user.email, password: user.password },
      headers: { origin: "https://evil.example" },
    });
    expectProblem(res, 403, MSG.auth.badOrigin);
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await sessionRows(t.app, user.id)).toHaveLength(0);
  });

  it("a cross-site sign-out leaves the session working", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signout",
      headers: { origin: "https://evil.example", cookie },
    });
    expectProblem(res, 403, MSG.auth.badOrigin);
    expect(await me(t.app, cookie)).toMatchObject({ id: user.id });
  });

  it.each([
    ["text/plain", "email=a@example.test&password=Str0ng!Pass"],
    ["application/x-www-form-urlencoded", "email=a%40example.test&password=Str0ng%21Pass"],
  ])("answers a %s body with 415", async (type, payload) => {
    const user = await buildUser(t.app);
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin",
      payload: payload
        .replace("a@example.test", user.email)
        .replace("a%40example.test", encodeURIComponent(user.email)),
      headers: { "content-type": type },
    });
    expectProblem(res, 415);
    expect(sessionCookieOf(res)).toBeUndefined();
  });
});
