import { describe, expect, it } from "vitest";
import {
  call,
  createTestApp,
  expectProblem,
  multipart,
  sessionCookie,
  setupTestApp,
} from "#server/test/app.ts";
import { canSignIn, me, sessionCookieOf, signin, signup } from "#server/test/auth.ts";
import { buildUser, jpegPart, STRONG_PASSWORD, uniqueEmail } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { User } from "#shared/schemas/auth.ts";

const DAY = 24 * 60 * 60 * 1000;
const SESSION_DAYS = 7;

/** One app for every test that needs no special configuration. */
const t = setupTestApp();

describe("sign up", () => {
  it.each([
    ["name is missing", { name: undefined }, { name: MSG.signup.nameRequired }],
    ["name is only spaces", { name: "   " }, { name: MSG.signup.nameRequired }],
    ["email is missing", { email: undefined }, { email: MSG.signup.emailRequired }],
    ["email is not an email", { email: "karim.example.com" }, { email: MSG.signup.emailInvalid }],
    ["photo is missing", { photo: undefined }, { photo: MSG.signup.photoRequired }],
    ["password is missing", { password: undefined }, { password: MSG.signup.passwordRequired }],
    ["password is empty", { password: "" }, { password: MSG.signup.passwordRequired }],
    ["password is under 6 characters", { password: "Ab1!x" }, { password: MSG.signup.passwordTooShort }],
    ["password lacks a special character", { password: "Abcdef12" }, { password: MSG.signup.passwordWeak }],
    ["password lacks an uppercase letter", { password: "abcdef1!" }, { password: MSG.signup.passwordWeak }],
    ["password lacks a lowercase letter", { password: "ABCDEF1!" }, { password: MSG.signup.passwordWeak }],
    ["password lacks a digit", { password: "Abcdefg!" }, { password: MSG.signup.passwordWeak }],
    ["role is missing (the API has no default)", { role: undefined }, { role: MSG.signup.roleInvalid }],
    ["role is not buyer or seller", { role: "moderator" }, { role: MSG.signup.roleInvalid }],
  ] as const)("400 with the field's message when the %s", async (_, fields, errors) => {
    const email = uniqueEmail("invalid");
    const res = await signup(t.app, { email, ...fields });
    const body = expectProblem(res, 400, Object.values(errors)[0]);
    expect(body.errors).toEqual(errors);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it("lists every field's message at once for an empty form", async () => {
    const res = await call(t.app, { method: "POST", url: "/api/auth/signup", ...(await multipart({})) });
    expect(expectProblem(res, 400).errors).toEqual({
      name: MSG.signup.nameRequired,
      email: MSG.signup.emailRequired,
      role: MSG.signup.roleInvalid,
      photo: MSG.signup.photoRequired,
      password: MSG.signup.passwordRequired,
    });
  });

  it("refuses role=admin and creates nobody", async () => {
    const email = uniqueEmail("would-be-admin");
    const res = await signup(t.app, { email, role: "admin" });
    expect(expectProblem(res, 400, MSG.signup.roleInvalid).errors).toEqual({ role: MSG.signup.roleInvalid });
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await canSignIn(t.app, email)).toBe(false);
  });

  it("refuses a text file named photo.jpg with 415 and the image message, and creates nobody", async () => {
    const email = uniqueEmail("text-photo");
    const text = jpegPart(Buffer.from("I am not a picture, just words.\n"), "photo.jpg");
    const res = await signup(t.app, { email, photo: text });
    expectProblem(res, 415, MSG.image.notImage);
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await canSignIn(t.app, email)).toBe(false);
  });

  it("creates the account, signs it in with an HttpOnly SameSite=Lax cookie and never sends the password hash", async () => {
    const email = uniqueEmail("Seller.MixedCase");
    const before = Date.now();
    const res = await signup(t.app, { name: "  Karim Motors  ", email, role: "seller" });
    expect(res.statusCode, res.body).toBe(201);

    const user: User = res.json().user;
    expect(Object.keys(res.json())).toEqual(["user"]);
    expect(Object.keys(user).sort()).toEqual([
      "email",
      "hasPassword",
      "id",
      "language",
      "mfaEnabled",
      "mfaRequired",
      "name",
      "phone",
      "photo",
      "role",
      "verified",
    ]);
    expect(user).toMatchObject({
      name: "Karim Motors",
      email: email.toLowerCase(),
      role: "seller",
      verified: false,
      // No language chosen yet: the device's cookie or browser decides (issue 25).
      language: null,
    });
    // Whether there is a password, never the password or its hash.
    expect(user.hasPassword).toBe(true);
    expect(res.body.replace('"hasPassword"', "")).not.toMatch(/hash|argon|password/i);

    const cookie = sessionCookieOf(res)!;
    expect(cookie.value).toMatch(/^[\w-]{32,}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.secure).toBeFalsy();
    const expires = new Date(cookie.expires!).getTime();
    expect(expires).toBeGreaterThan(before + (SESSION_DAYS - 1) * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + SESSION_DAYS * DAY + 1000);

    expect(await me(t.app, sessionCookie(res))).toEqual(user);
    expect(await canSignIn(t.app, email.toUpperCase())).toBe(true);
  });

  it("stores the photo as immutable WebP at every URL of its srcSet", async () => {
    const res = await signup(t.app);
    expect(res.statusCode, res.body).toBe(201);
    const { photo: img } = res.json().user as User;
    const urls = img!.srcSet.split(",").map((part) => part.trim().split(" ")[0]!);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of new Set([img!.src, ...urls])) {
      const file = await call(t.app, { method: "GET", url });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers["content-type"]).toBe("image/webp");
      expect(file.headers["cache-control"]).toContain("immutable");
      expect(file.rawPayload.subarray(8, 12).toString("latin1")).toBe("WEBP");
    }
  });

  it("answers 409 for an email already registered, in any letter case, and keeps the first account", async () => {
    const email = uniqueEmail("taken");
    const first = await signup(t.app, { email, password: STRONG_PASSWORD });
    expect(first.statusCode, first.body).toBe(201);

    for (const again of [email, email.toUpperCase()]) {
      const res = await signup(t.app, { email: again, password: "An0ther!Pass" });
      expect(expectProblem(res, 409, MSG.signup.emailTaken).errors).toEqual({ email: MSG.signup.emailTaken });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    expect(await canSignIn(t.app, email, STRONG_PASSWORD)).toBe(true);
    expect(await canSignIn(t.app, email, "An0ther!Pass")).toBe(false);
  });

  it("marks the cookie Secure when the site is served over HTTPS", async () => {
    const https = await createTestApp({ PUBLIC_URL: "https://motohaat.example" });
    try {
      const user = await buildUser(https.app);
      const res = await signin(https.app, { email: user.email, password: user.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(sessionCookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
      expect(res.headers["strict-transport-security"]).toBeDefined();
    } finally {
      await https.close();
    }
  });
});
