import { describe, expect, it } from "vitest";
import { expectProblem, sessionCookie, setupTestApp } from "#server/test/app.ts";
import { me, sessionCookieOf, signin, signup } from "#server/test/auth.ts";
import { buildUser, STRONG_PASSWORD, uniqueEmail } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

/** One app for every test that needs no special configuration. */
const t = setupTestApp();

describe("sign in", () => {
  it.each([
    ["email is missing", { password: STRONG_PASSWORD }, { email: MSG.signin.emailRequired }],
    ["email is blank", { email: "  ", password: STRONG_PASSWORD }, { email: MSG.signin.emailRequired }],
    [
      "email is not an email",
      { email: "nobody", password: STRONG_PASSWORD },
      { email: MSG.signup.emailInvalid },
    ],
    ["password is missing", { email: "a@example.test" }, { password: MSG.signin.passwordRequired }],
    [
      "password is empty",
      { email: "a@example.test", password: "" },
      { password: MSG.signin.passwordRequired },
    ],
    [
      "password is under 6",
      { email: "a@example.test", password: "12345" },
      { password: MSG.signin.passwordTooShort },
    ],
    ["form is empty", {}, { email: MSG.signin.emailRequired, password: MSG.signin.passwordRequired }],
  ] as const)("400 with the field's message when the %s", async (_, payload, errors) => {
    const res = await signin(t.app, payload);
    expect(expectProblem(res, 400, Object.values(errors)[0]).errors).toEqual(errors);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it("answers a wrong password and an unknown email with the same 401", async () => {
    const user = await buildUser(t.app);
    const wrongPassword = await signin(t.app, { email: user.email, password: "Wr0ng!Pass" });
    const unknownEmail = await signin(t.app, { email: uniqueEmail("nobody"), password: user.password });
    for (const res of [wrongPassword, unknownEmail]) {
      const body = expectProblem(res, 401, MSG.signin.wrongCredentials);
      expect(body.errors).toEqual({ password: MSG.signin.wrongCredentials });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
  });

  it("signs in whatever the letter case of the email, and /me knows the user", async () => {
    const email = uniqueEmail("casey");
    expect((await signup(t.app, { email, name: "Casey" })).statusCode).toBe(201);
    const mixed = email.replace(/^casey/, "CaSeY").replace("example", "ExAmPlE");
    const res = await signin(t.app, { email: `  ${mixed} `, password: STRONG_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ email, name: "Casey", role: "buyer" });
    expect(sessionCookieOf(res)).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(await me(t.app, sessionCookie(res))).toMatchObject({ email, name: "Casey" });
  });

  it("/me answers user null without a cookie or with a made-up one", async () => {
    expect(await me(t.app)).toBeNull();
    expect(await me(t.app, "mh_session=made-up-token")).toBeNull();
  });
});
