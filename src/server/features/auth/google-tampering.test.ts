import { describe, expect, it } from "vitest";
import { call } from "#server/test/app.ts";
import { sessionCookieOf } from "#server/test/auth.ts";
import { accountsWithEmail, browser, expectRefused, setupGoogleSignin } from "#server/test/google.ts";

describe("Google sign-in refuses a tampered or replayed flow (against a real provider)", () => {
  const g = setupGoogleSignin();

  it.each([
    [
      "a callback whose state is not the one it sent",
      (url: URL) => {
        if (url.pathname === "/api/auth/google/callback") url.searchParams.set("state", "forged-state");
      },
    ],
    [
      "an ID token whose nonce is not the one it sent",
      (url: URL) => {
        if (url.origin === g.provider.issuer && url.searchParams.has("nonce")) {
          url.searchParams.set("nonce", "someone-elses-nonce");
        }
      },
    ],
  ])("refuses %s: clear message, no session, no account", async (_label, tamper) => {
    const email = g.account();
    const b = browser(g.app, (url) => {
      tamper(url);
      return url;
    });

    expectRefused(await b.signInWithGoogle(email), "google_failed");
    expect(b.cookieHeader()).toBeUndefined();
    expect(await accountsWithEmail(g.app, email)).toEqual([]);
  });

  it("refuses a flow cookie changed in the browser (it is signed)", async () => {
    const email = g.account();
    const b = browser(g.app, (url) => {
      const signed = b.appCookies.get("mh_google");
      if (url.pathname === "/api/auth/google/callback" && signed) {
        // Another return address written in by hand; the signature no longer matches.
        b.appCookies.set("mh_google", signed.replace(/"returnTo":"[^"]*"/, '"returnTo":"/dashboard"'));
      }
      return url;
    });

    expectRefused(await b.signInWithGoogle(email), "google_failed");
    expect(b.cookieHeader()).toBeUndefined();
  });

  it("refuses a replayed callback URL: the flow is used up", async () => {
    const email = g.account();
    let callback: URL | undefined;
    const b = browser(g.app, (url) => {
      if (url.pathname === "/api/auth/google/callback") callback = new URL(url);
      return url;
    });
    await b.signInWithGoogle(email);
    expect(b.cookieHeader()).toBeDefined();

    const replay = await call(g.app, { method: "GET", url: callback!.pathname + callback!.search });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe("/signin?error=google_failed");
    expect(sessionCookieOf(replay)).toBeUndefined();
  });
});
