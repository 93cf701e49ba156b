import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import {
  closedPort,
  expectRefused,
  PUBLIC_URL,
  REDIRECT_URI,
  SETUP_TIMEOUT_MS,
} from "#server/test/google.ts";
import { startTestOidcProvider } from "#server/test/oidc-provider.ts";
import { MSG } from "#shared/messages.ts";
import { GOOGLE_SIGNIN_ERRORS } from "#shared/schemas/auth.ts";

describe("Google sign-in with the provider down", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await closedPort();
    t = await createTestApp({
      PUBLIC_URL,
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: "motohaat-test",
      OIDC_CLIENT_SECRET: "not-needed-to-start",
    });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => t?.close());

  const start = async (from?: string) => {
    const res = await call(t.app, { method: "GET", url: `/api/auth/google${from ? `?from=${from}` : ""}` });
    expect(res.statusCode, res.body).toBe(302);
    return { location: new URL(res.headers.location as string, PUBLIC_URL), cookies: res.cookies };
  };

  it("sends the person back to sign-in with a message they can act on, never a 500", async () => {
    const { location, cookies } = await start("/dashboard/myorders");

    expectRefused(location, "google_unavailable", "/dashboard/myorders");
    expect(GOOGLE_SIGNIN_ERRORS.google_unavailable).toBe(MSG.google.unavailable);
    expect(cookies.find((c) => c.name === "mh_google")).toBeUndefined();
  });

  it("asks again once the provider is back, then keeps its metadata: one discovery for many sign-ins", async () => {
    expect((await start()).location.searchParams.get("error")).toBe("google_unavailable");
    const provider = await startTestOidcProvider(REDIRECT_URI, { port });
    try {
      for (let i = 0; i < 3; i++) expect((await start()).location.origin).toBe(provider.issuer);
      expect(provider.discoveryCount()).toBe(1);
    } finally {
      await provider.close();
    }
  });
});

describe("Google sign-in when not set up", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL, OIDC_CLIENT_ID: "", OIDC_CLIENT_SECRET: "" });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => t?.close());

  it("tells the web app there is no Google button to show, and its routes answer 404", async () => {
    expect((await call(t.app, { method: "GET", url: "/api/auth/providers" })).json()).toEqual({
      google: false,
    });
    for (const url of ["/api/auth/google", "/api/auth/google/callback?code=x&state=y"]) {
      expectProblem(await call(t.app, { method: "GET", url }), 404, MSG.google.notConfigured);
    }
  });
});
