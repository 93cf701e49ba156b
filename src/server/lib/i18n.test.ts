import { describe, expect, it } from "vitest";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { me } from "#server/test/auth.ts";
import { buildUser, signedInUser, signIn } from "#server/test/factories.ts";
import bn from "#shared/i18n/bn.json" with { type: "json" };
import { LOCALE_COOKIE, PAGE_LANGUAGE_HEADER } from "#shared/i18n/locales.ts";
import { MSG } from "#shared/messages.ts";
import { LISTING_SORTS } from "#shared/schemas/listings.ts";

const t = setupTestApp();

/** A route that needs a session, asked for signed out: a 401 with MSG.auth.notSignedIn. */
const signedOutProblem = (headers: Record<string, string> = {}, cookie?: string) =>
  call(t.app, { method: "GET", url: "/api/me/orders", headers, cookie });

const chooseLanguage = (language: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: "PUT", url: "/api/language", payload: { language }, cookie, headers });

describe("the server answers in the request's language (issue 25)", () => {
  it("English by default, with Content-Language, and Vary for caches", async () => {
    const res = await signedOutProblem();
    expectProblem(res, 401, MSG.auth.notSignedIn);
    expect(res.headers["content-language"]).toBe("en");
    expect(String(res.headers.vary)).toMatch(/Accept-Language, Cookie/);
  });

  it.each([
    ["bn-BD,bn;q=0.9,en;q=0.8", "bn"],
    ["bn", "bn"],
    ["fr-FR, bn;q=0.5, en;q=0.3", "bn"],
    ["en-GB, bn;q=0.9", "en"],
    ["fr-FR", "en"],
    ["*", "en"],
  ])("Accept-Language: %s → %s", async (header, locale) => {
    const res = await signedOutProblem({ "accept-language": header });
    const body = expectProblem(res, 401, locale === "bn" ? bn["auth.notSignedIn"] : MSG.auth.notSignedIn);
    // The code is the client's stable name of the problem, in every language.
    expect(body.code).toBe("auth.notSignedIn");
    expect(res.headers["content-language"]).toBe(locale);
  });

  it("the device's cookie wins over Accept-Language", async () => {
    const bnCookie = `${LOCALE_COOKIE}=bn`;
    expectProblem(await signedOutProblem({ "accept-language": "en" }, bnCookie), 401, bn["auth.notSignedIn"]);
    const enCookie = `${LOCALE_COOKIE}=en`;
    expectProblem(await signedOutProblem({ "accept-language": "bn" }, enCookie), 401, MSG.auth.notSignedIn);
    // A cookie of no language we speak is not a choice.
    expectProblem(
      await signedOutProblem({ "accept-language": "bn" }, `${LOCALE_COOKIE}=xx`),
      401,
      bn["auth.notSignedIn"],
    );
  });

  it("the page's own language (the web app's x-page-language) wins over the cookie: another tab may have chosen", async () => {
    const bnCookie = `${LOCALE_COOKIE}=bn`;
    const english = await signedOutProblem(
      { [PAGE_LANGUAGE_HEADER]: "en", "accept-language": "bn" },
      bnCookie,
    );
    expectProblem(english, 401, MSG.auth.notSignedIn);
    expect(english.headers["content-language"]).toBe("en");
    expectProblem(await signedOutProblem({ [PAGE_LANGUAGE_HEADER]: "bn" }), 401, bn["auth.notSignedIn"]);
    // Not a language we speak: the usual order decides.
    expectProblem(
      await signedOutProblem({ [PAGE_LANGUAGE_HEADER]: "xx" }, bnCookie),
      401,
      bn["auth.notSignedIn"],
    );
  });

  it("translates each field's message and the detail of a validation problem", async () => {
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: "", password: "" },
      headers: { "accept-language": "bn" },
    });
    const body = expectProblem(res, 400);
    expect(body.code).toBe("validation");
    expect(body.errors).toEqual({
      email: bn["signin.emailRequired"],
      password: bn["signin.passwordRequired"],
    });
    expect(body.detail).toBe(bn["signin.emailRequired"]);
  });

  it("says a template's message with its arguments", async () => {
    const res = await call(t.app, {
      method: "GET",
      url: "/api/listings?sort=cheapest",
      headers: { "accept-language": "bn" },
    });
    const body = expectProblem(res, 400);
    expect(body.errors?.sort).toBe(`এগুলোর একটি দিয়ে সাজান: ${LISTING_SORTS.join(", ")}`);
  });

  it("leaves a text of no message as it is (the route's own words)", async () => {
    const res = await call(t.app, {
      method: "GET",
      url: "/api/nothing-here",
      headers: { "accept-language": "bn" },
    });
    expectProblem(res, 404, "Nothing at GET /api/nothing-here.");
  });
});

describe("PUT /api/language", () => {
  it("remembers a visitor's choice in a cookie for a year", async () => {
    const res = await chooseLanguage("bn");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ language: "bn" });
    const cookie = res.cookies.find((c) => c.name === LOCALE_COOKIE);
    expect(cookie).toMatchObject({ value: "bn", path: "/", maxAge: 365 * 24 * 60 * 60, sameSite: "Lax" });
    // Read by the page itself before it asks the server anything: not HttpOnly.
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it("saves a signed-in person's choice with the account: it follows them to another device", async () => {
    const user = await buildUser(t.app, { name: "Nasrin Akter" });
    const first = await signIn(t.app, user);
    expect((await me(t.app, first))?.language).toBeNull();
    expect((await chooseLanguage("bn", first)).statusCode).toBe(200);
    expect((await me(t.app, first))?.language).toBe("bn");

    // A new device: no cookie, a browser asking for English. The saved choice wins.
    const second = await signIn(t.app, user);
    const res = await chooseLanguage("fr", second, { "accept-language": "en" });
    expectProblem(res, 400, bn["language.unknown"]);
    expect(res.headers["content-language"]).toBe("bn");
  });

  it.each([["fr"], ["BN"], [""], [7], [null]])(
    "refuses %j with a message naming the choices, changing nothing",
    async (language) => {
      const { cookie } = await signedInUser(t.app);
      const res = await chooseLanguage(language, cookie);
      const body = expectProblem(res, 400, MSG.language.unknown);
      expect(body.errors).toEqual({ language: MSG.language.unknown });
      expect(res.cookies.find((c) => c.name === LOCALE_COOKIE)).toBeUndefined();
      expect((await me(t.app, cookie))?.language).toBeNull();
      // Asked in Bangla, said in Bangla.
      expectProblem(
        await chooseLanguage(language, cookie, { "accept-language": "bn" }),
        400,
        bn["language.unknown"],
      );
    },
  );
});
