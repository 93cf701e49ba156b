import { describe, expect, it } from "vitest";
import { call } from "#server/test/app.ts";
import { me } from "#server/test/auth.ts";
import { uniqueEmail } from "#server/test/factories.ts";
import {
  accountsWithEmail,
  browser,
  expectRefused,
  PUBLIC_URL,
  REDIRECT_URI,
  setupGoogleSignin,
} from "#server/test/google.ts";
import { codeStep, signedInUserWithMfa, totpCode } from "#server/test/mfa.ts";

describe("Google sign-in (OpenID Connect, against a real provider)", () => {
  const g = setupGoogleSignin();

  it("tells the web app that Google sign-in is available", async () => {
    const res = await call(g.app, { method: "GET", url: "/api/auth/providers" });
    expect(res.json()).toEqual({ google: true });
  });

  it("makes a new person a buyer with the provider's name, email and picture, back on the page they came from", async () => {
    const email = uniqueEmail("google");
    g.account({ email: email.toUpperCase(), name: "Tahmina Akter" });
    const b = browser(g.app);

    const landed = await b.signInWithGoogle(email, { from: "/products/all?page=2" });

    expect(`${landed.pathname}${landed.search}`).toBe("/products/all?page=2");
    const user = await me(g.app, b.cookieHeader());
    expect(user).toMatchObject({ name: "Tahmina Akter", email, role: "buyer", verified: false });
    expect(user?.photo?.src).toMatch(/^\/images\/.+\.webp$/);
    const photo = await g.app.inject({ method: "GET", url: user!.photo!.src });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
  });

  it("signs the same person in to the same account the next time", async () => {
    const email = g.account();
    const first = browser(g.app);
    await first.signInWithGoogle(email);
    const second = browser(g.app);
    await second.signInWithGoogle(email);

    const [a, b] = [await me(g.app, first.cookieHeader()), await me(g.app, second.cookieHeader())];
    expect(b?.id).toBe(a?.id);
    expect(await accountsWithEmail(g.app, email)).toHaveLength(1);
  });

  it("asks an account with two-step sign-in for its code after Google, on the sign-in page", async () => {
    const { user, secret } = await signedInUserWithMfa(g.app, { role: "admin" });
    g.account({ email: user.email });
    const b = browser(g.app);

    const landed = await b.signInWithGoogle(user.email, { from: "/dashboard/allsellers" });

    expect(landed.pathname).toBe("/signin");
    expect(landed.searchParams.get("mfa")).toBe("1");
    expect(landed.searchParams.get("from")).toBe("/dashboard/allsellers");
    expect(b.cookieHeader()).toBeUndefined();
    const pending = `mh_mfa=${encodeURIComponent(b.appCookies.get("mh_mfa") ?? "")}`;
    const res = await codeStep(g.app, pending, await totpCode(secret, 1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, role: "admin", mfaEnabled: true });
  });

  it("sends a person who cancels at the provider back to sign-in, saying so", async () => {
    const email = g.account();
    const b = browser(g.app);

    expectRefused(
      await b.signInWithGoogle(email, { cancel: true, from: "/blog" }),
      "google_cancelled",
      "/blog",
    );
    expect(b.cookieHeader()).toBeUndefined();
  });

  it("makes the account without a photo when the provider's picture cannot be fetched", async () => {
    const email = g.account({ picture: g.provider.missingPictureUrl });
    const b = browser(g.app);

    await b.signInWithGoogle(email);

    expect(await me(g.app, b.cookieHeader())).toMatchObject({ email, role: "buyer", photo: null });
  });

  it.each([
    ["another site", "//evil.example/steal"],
    ["an absolute URL", "https://evil.example/"],
    ["the sign-in page itself", "/signin"],
  ])("returns home, not to %s, whatever `from` says", async (_label, from) => {
    const email = g.account();
    const b = browser(g.app);

    const landed = await b.signInWithGoogle(email, { from });

    expect(landed.href).toBe(`${PUBLIC_URL}/`);
    expect(await me(g.app, b.cookieHeader())).toMatchObject({ email });
  });

  it("keeps the start of the flow in a short-lived, signed, HttpOnly cookie for the callback only", async () => {
    const res = await call(g.app, { method: "GET", url: "/api/auth/google" });
    expect(res.statusCode).toBe(302);
    const target = new URL(res.headers.location as string);
    expect(target.origin).toBe(g.provider.issuer);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      client_id: g.provider.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    const cookie = res.cookies.find((c) => c.name === "mh_google");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/google", maxAge: 600 });
    expect(cookie?.value).not.toContain(target.searchParams.get("code_challenge"));
  });
});
