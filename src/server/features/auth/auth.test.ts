import { randomInt } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listings, sessions, users } from "#server/db/schema.ts";
import { seedDemo } from "#server/db/seed/demo.ts";
import {
  call,
  createTestApp,
  expectProblem,
  multipart,
  sessionCookie,
  setupTestApp,
  type TestApp,
} from "#server/test/app.ts";
import { buildUser, jpeg, STRONG_PASSWORD, signedInUser, uniqueEmail } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { User } from "#shared/schemas/auth.ts";

type Upload = { data: Buffer; filename: string; type?: string };
type SignupFields = Record<string, string | Upload | undefined>;

const DAY = 24 * 60 * 60 * 1000;
const SESSION_DAYS = 7;

const photo = async (): Promise<Upload> => ({ data: await jpeg(), filename: "me.jpg", type: "image/jpeg" });

/** A complete, valid sign-up form; `fields` replace (or, as undefined, remove) its parts. */
async function signupForm(fields: SignupFields = {}) {
  return multipart({
    name: "Karim Uddin",
    email: uniqueEmail("signup"),
    role: "buyer",
    password: STRONG_PASSWORD,
    photo: await photo(),
    ...fields,
  });
}

async function signup(app: FastifyInstance, fields: SignupFields = {}, remoteAddress?: string) {
  const form = await signupForm(fields);
  return call(app, {
    method: "POST",
    url: "/api/auth/signup",
    ...form,
    ...(remoteAddress && { remoteAddress }),
  });
}

function signin(app: FastifyInstance, payload: Record<string, unknown>, remoteAddress?: string) {
  return call(app, {
    method: "POST",
    url: "/api/auth/signin",
    payload,
    ...(remoteAddress && { remoteAddress }),
  });
}

async function me(app: FastifyInstance, cookie?: string): Promise<User | null> {
  const res = await call(app, { method: "GET", url: "/api/auth/me", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user;
}

/** Whether anyone can sign in as this email with this password: what a client sees of an account. */
async function canSignIn(app: FastifyInstance, email: string, password = STRONG_PASSWORD) {
  const res = await signin(app, { email, password });
  expect([200, 401], res.body).toContain(res.statusCode);
  return res.statusCode === 200;
}

function cookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === "mh_session" || c.name === "__Host-mh_session");
}

async function sessionRows(app: FastifyInstance, userId: string) {
  return app.db.select().from(sessions).where(eq(sessions.userId, userId));
}

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

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
    expect(cookieOf(res)).toBeUndefined();
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
    expect(cookieOf(res)).toBeUndefined();
    expect(await canSignIn(t.app, email)).toBe(false);
  });

  it("refuses a text file named photo.jpg with 415 and the image message, and creates nobody", async () => {
    const email = uniqueEmail("text-photo");
    const text = {
      data: Buffer.from("I am not a picture, just words.\n"),
      filename: "photo.jpg",
      type: "image/jpeg",
    };
    const res = await signup(t.app, { email, photo: text });
    expectProblem(res, 415, MSG.image.notImage);
    expect(cookieOf(res)).toBeUndefined();
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
      "mfaEnabled",
      "mfaRequired",
      "name",
      "photo",
      "role",
      "verified",
    ]);
    expect(user).toMatchObject({
      name: "Karim Motors",
      email: email.toLowerCase(),
      role: "seller",
      verified: false,
    });
    // Whether there is a password, never the password or its hash.
    expect(user.hasPassword).toBe(true);
    expect(res.body.replace('"hasPassword"', "")).not.toMatch(/hash|argon|password/i);

    const cookie = cookieOf(res)!;
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
      expect(cookieOf(res)).toBeUndefined();
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
      expect(cookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
      expect(res.headers["strict-transport-security"]).toBeDefined();
    } finally {
      await https.close();
    }
  });
});

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
    expect(cookieOf(res)).toBeUndefined();
  });

  it("answers a wrong password and an unknown email with the same 401", async () => {
    const user = await buildUser(t.app);
    const wrongPassword = await signin(t.app, { email: user.email, password: "Wr0ng!Pass" });
    const unknownEmail = await signin(t.app, { email: uniqueEmail("nobody"), password: user.password });
    for (const res of [wrongPassword, unknownEmail]) {
      const body = expectProblem(res, 401, MSG.signin.wrongCredentials);
      expect(body.errors).toEqual({ password: MSG.signin.wrongCredentials });
      expect(cookieOf(res)).toBeUndefined();
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
    expect(cookieOf(res)).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(await me(t.app, sessionCookie(res))).toMatchObject({ email, name: "Casey" });
  });

  it("/me answers user null without a cookie or with a made-up one", async () => {
    expect(await me(t.app)).toBeNull();
    expect(await me(t.app, "mh_session=made-up-token")).toBeNull();
  });
});

describe("sessions", () => {
  it("sign-out answers 204, clears the cookie and ends the session on the server", async () => {
    const { user, cookie } = await signedInUser(t.app);
    expect(await me(t.app, cookie)).toMatchObject({ id: user.id });
    expect(await sessionRows(t.app, user.id)).toHaveLength(1);

    const res = await call(t.app, { method: "POST", url: "/api/auth/signout", cookie });
    expect(res.statusCode, res.body).toBe(204);
    const cleared = cookieOf(res)!;
    expect(cleared.value).toBe("");
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());

    // The browser forgot the cookie; someone who kept a copy gets nothing from it.
    expect(await me(t.app, cookie)).toBeNull();
    expect(await sessionRows(t.app, user.id)).toHaveLength(0);
  });

  it("sign-out without a session still answers 204", async () => {
    const res = await call(t.app, { method: "POST", url: "/api/auth/signout" });
    expect(res.statusCode, res.body).toBe(204);
  });

  it("an expired session signs nobody in and its cookie is cleared", async () => {
    const { user, cookie } = await signedInUser(t.app);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await call(t.app, { method: "GET", url: "/api/auth/me", cookie });
    expect(res.json()).toEqual({ user: null });
    expect(cookieOf(res)?.value).toBe("");
    const protectedRes = await call(t.app, { method: "GET", url: "/api/me/orders", cookie });
    expectProblem(protectedRes, 401, MSG.auth.notSignedIn);
  });

  it("slides a session's expiry forward to 7 idle days when it is used, at most once an hour", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const [fresh] = await sessionRows(t.app, user.id);

    // Just made: using it writes nothing and sets no cookie.
    const untouched = await call(t.app, { method: "GET", url: "/api/auth/me", cookie });
    expect(untouched.json().user).toMatchObject({ id: user.id });
    expect(cookieOf(untouched)).toBeUndefined();
    expect((await sessionRows(t.app, user.id))[0]!.expiresAt).toEqual(fresh!.expiresAt);

    const lastSeen = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await t.app.db.update(sessions).set({ lastSeenAt: lastSeen }).where(eq(sessions.userId, user.id));
    const before = Date.now();
    const res = await call(t.app, { method: "GET", url: "/api/auth/me", cookie });
    expect(res.json().user).toMatchObject({ id: user.id });

    const [row] = await sessionRows(t.app, user.id);
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SESSION_DAYS * DAY - 1000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_DAYS * DAY);
    const renewed = cookieOf(res)!;
    expect(`mh_session=${renewed.value}`).toBe(cookie);
    expect(renewed).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(Math.abs(new Date(renewed.expires!).getTime() - row!.expiresAt.getTime())).toBeLessThan(1000);
  });
});

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
      expect(cookieOf(res)).toBeUndefined();
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
    expect(cookieOf(res)).toBeUndefined();
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
    expect(cookieOf(res)).toBeUndefined();
  });
});

describe("rate limits on sign-in and sign-up (3 attempts a minute)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_MAX: "3" });
  });
  afterAll(async () => {
    await t?.close();
  });

  function expectLimited(res: LightMyRequestResponse) {
    const body = expectProblem(res, 429);
    expect(body.detail).toContain(MSG.auth.tooManyAttempts);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(cookieOf(res)).toBeUndefined();
  }

  it("the 4th sign-in from one IP is refused with 429 and Retry-After, even with the right password", async () => {
    const ip = randomIp();
    const user = await buildUser(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await signin(t.app, { email: uniqueEmail("guess"), password: "Wr0ng!Pass" }, ip);
      expect(res.statusCode, res.body).toBe(401);
    }
    expectLimited(await signin(t.app, { email: user.email, password: user.password }, ip));
    // Someone else, from elsewhere, is unaffected.
    const other = await signin(t.app, { email: user.email, password: user.password }, randomIp());
    expect(other.statusCode, other.body).toBe(200);
  });

  it("past 3 failures for one email from other IPs, each further IP gets one try (decision 010)", async () => {
    const user = await buildUser(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await signin(t.app, { email: user.email, password: "Wr0ng!Pass" }, randomIp());
      expect(res.statusCode, res.body).toBe(401);
    }
    const ip = randomIp();
    const once = await signin(t.app, { email: user.email, password: "Wr0ng!Pass" }, ip);
    expect(once.statusCode, once.body).toBe(401);
    // Counted per email address, whatever its letter case; refused even with the right password.
    const res = await signin(t.app, { email: user.email.toUpperCase(), password: user.password }, ip);
    expect(expectProblem(res, 429).detail).toContain(MSG.signin.tooManyFailures);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    const otherUser = await buildUser(t.app);
    const other = await signin(t.app, { email: otherUser.email, password: otherUser.password }, randomIp());
    expect(other.statusCode, other.body).toBe(200);
  });

  it("the 4th sign-up from one IP is refused, however the forms were filled", async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) {
      const res = await call(t.app, {
        method: "POST",
        url: "/api/auth/signup",
        ...(await multipart({})),
        remoteAddress: ip,
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    const email = uniqueEmail("late");
    expectLimited(await signup(t.app, { email }, ip));
    expect(await canSignIn(t.app, email)).toBe(false);
  });
});

describe("rate limits shared through Redis by two app nodes", () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  let nodes: TestApp[] = [];
  beforeAll(async () => {
    const env = { RATE_LIMIT_AUTH_MAX: "3", REDIS_URL: redisUrl };
    nodes = await Promise.all([createTestApp(env), createTestApp(env)]);
    // A loaded machine may connect after the start's bounded wait: until then each node counts alone.
    await vi.waitFor(() => expect(nodes.map((n) => n.app.rateLimitCounters.shared)).toEqual([true, true]), {
      timeout: 15_000,
    });
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
  });

  it("counts one IP's attempts across both nodes", async () => {
    const [a, b] = nodes.map((n) => n.app) as [FastifyInstance, FastifyInstance];
    const ip = randomIp();
    for (const app of [a, b, a]) {
      const res = await signin(app, { email: uniqueEmail("guess"), password: "Wr0ng!Pass" }, ip);
      expect(res.statusCode, res.body).toBe(401);
    }
    const res = await signin(b, { email: uniqueEmail("guess"), password: "Wr0ng!Pass" }, ip);
    expectProblem(res, 429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    const elsewhere = await signin(b, { email: uniqueEmail("guess"), password: "Wr0ng!Pass" }, randomIp());
    expect(elsewhere.statusCode, elsewhere.body).toBe(401);
  });

  it("counts one email's attempts across both nodes and IPs", async () => {
    const [a, b] = nodes.map((n) => n.app) as [FastifyInstance, FastifyInstance];
    const email = uniqueEmail("target");
    for (const app of [b, a, b]) {
      const res = await signin(app, { email, password: "Wr0ng!Pass" }, randomIp());
      expect(res.statusCode, res.body).toBe(401);
    }
    const ip = randomIp();
    expect((await signin(a, { email, password: "Wr0ng!Pass" }, ip)).statusCode).toBe(401);
    expectProblem(await signin(b, { email, password: "Wr0ng!Pass" }, ip), 429);
    const other = await signin(a, { email: uniqueEmail("other"), password: "Wr0ng!Pass" }, randomIp());
    expect(other.statusCode, other.body).toBe(401);
  });
});

describe("demo accounts", () => {
  it("answers 404 while demo data is off", async () => {
    const res = await call(t.app, { method: "GET", url: "/api/auth/demo-accounts" });
    expectProblem(res, 404, MSG.generic.notFound);
  });

  describe("when demo data is seeded", () => {
    let seeded: TestApp;
    const quiet = { info() {} };
    beforeAll(async () => {
      seeded = await createTestApp({ SEED_DEMO: "true" });
      await seedDemo(seeded.app.db, seeded.app.images, quiet);
    });
    afterAll(async () => {
      await seeded?.close();
    });

    it("lists a buyer, a seller and an admin, and each signs in with the listed password as that role", async () => {
      const res = await call(seeded.app, { method: "GET", url: "/api/auth/demo-accounts" });
      expect(res.statusCode, res.body).toBe(200);
      const { accounts } = res.json() as { accounts: { role: string; email: string; password: string }[] };
      expect(accounts.map((a) => a.role)).toEqual(["buyer", "seller", "admin"]);
      for (const account of accounts) {
        const login = await signin(seeded.app, { email: account.email, password: account.password });
        expect(login.statusCode, `${account.role}: ${login.body}`).toBe(200);
        expect(login.json().user).toMatchObject({ email: account.email, role: account.role });
        expect(login.json().user.photo).not.toBeNull();
      }
    });

    it("seeding again creates nothing new", async () => {
      const counts = async () => ({
        users: (await seeded.app.db.select({ n: count() }).from(users))[0]!.n,
        listings: (await seeded.app.db.select({ n: count() }).from(listings))[0]!.n,
      });
      const before = await counts();
      expect(before.users).toBeGreaterThan(3);
      expect(before.listings).toBeGreaterThan(0);
      await seedDemo(seeded.app.db, seeded.app.images, quiet);
      expect(await counts()).toEqual(before);
    });
  });
});
