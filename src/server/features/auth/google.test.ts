import net from "node:net";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema.ts";
import { call, createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import { buildUser, signedInUser, signIn, uniqueEmail } from "#server/test/factories.ts";
import { enrolMfa, totpCode } from "#server/test/mfa.ts";
import { startTestOidcProvider, type TestOidcProvider } from "#server/test/oidc-provider.ts";
import { MSG } from "#shared/messages.ts";
import { GOOGLE_SIGNIN_ERRORS, type GoogleSigninError, type User } from "#shared/schemas/auth.ts";

/** Our site's address as the provider knows it; requests to it go to app.inject, never the network. */
const PUBLIC_URL = "http://motohaat.test";
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/google/callback`;
/** A provider (keys, page) and an app per suite: more than the default hook time on a busy machine. */
const SETUP_TIMEOUT_MS = 120_000;

type Page = { url: URL; html?: string };

/**
 * One browser: a cookie jar per site and redirects followed one by one, so a test can see (and
 * tamper with) each hop between our app and the provider. `rewrite` may change any URL before
 * the browser goes there.
 */
function browser(app: FastifyInstance, rewrite: (url: URL) => URL = (url) => url) {
  const appCookies = new Map<string, string>();
  const providerCookies = new Map<string, string>();

  const keep = (jar: Map<string, string>, name: string, value: string, gone: boolean) => {
    if (gone || value === "") jar.delete(name);
    else jar.set(name, value);
  };

  async function request(
    url: URL,
    form?: URLSearchParams,
  ): Promise<{ status: number; location?: string; html?: string }> {
    if (url.origin === PUBLIC_URL) {
      const cookie = [...appCookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
      const res = await app.inject({ method: "GET", url: url.pathname + url.search, headers: { cookie } });
      for (const c of res.cookies) {
        keep(
          appCookies,
          c.name,
          c.value,
          c.maxAge === 0 || (c.expires ? c.expires.getTime() <= Date.now() : false),
        );
      }
      expect(res.statusCode, `${url.pathname}: ${res.body}`).toBeLessThan(500);
      return { status: res.statusCode, location: res.headers.location as string | undefined, html: res.body };
    }
    const res = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...providerCookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form?.toString(),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((s) => s.trim());
      const at = pair.indexOf("=");
      const expired = attributes.some(
        (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()),
      );
      keep(providerCookies, pair.slice(0, at), pair.slice(at + 1), expired);
    }
    return { status: res.status, location: res.headers.get("location") ?? undefined, html: await res.text() };
  }

  /** Follows redirects until a page: one of our app's (not /api) or the provider's login page. */
  async function follow(start: URL, form?: URLSearchParams): Promise<Page> {
    let url = start;
    let res = await request(url, form);
    for (let hops = 0; res.location; hops++) {
      if (hops > 20) throw new Error(`too many redirects, last ${url.href}`);
      url = rewrite(new URL(res.location, url));
      if (url.origin === PUBLIC_URL && !url.pathname.startsWith("/api/")) return { url };
      res = await request(url);
    }
    expect(res.status, `${url.href}: ${res.html}`).toBe(200);
    return { url, html: res.html };
  }

  return {
    appCookies,
    /** Clicks "Continue with Google" (from `from`), logs in at the provider as `email`; returns where it lands. */
    async signInWithGoogle(email: string, options: { from?: string; cancel?: boolean } = {}): Promise<URL> {
      const start = new URL("/api/auth/google", PUBLIC_URL);
      if (options.from !== undefined) start.searchParams.set("from", options.from);
      let page = await follow(rewrite(start));
      if (page.url.origin !== PUBLIC_URL) {
        expect(page.html).toContain("Sign in to the test provider");
        const form = new URLSearchParams({ email, action: options.cancel ? "cancel" : "login" });
        page = await follow(page.url, form);
      }
      expect(page.url.origin, "should be back on our site").toBe(PUBLIC_URL);
      return page.url;
    },
    cookieHeader: () => {
      const session = appCookies.get("mh_session");
      return session ? `mh_session=${session}` : undefined;
    },
  };
}

async function me(app: FastifyInstance, cookie: string | undefined): Promise<User | null> {
  const res = await call(app, { method: "GET", url: "/api/auth/me", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user;
}

async function accountsWithEmail(app: FastifyInstance, email: string) {
  return app.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
}

/** Landed back on /signin with this error: the page shows its message (see the web tests). */
function expectRefused(landed: URL, code: GoogleSigninError, from?: string) {
  expect(landed.pathname).toBe("/signin");
  expect(landed.searchParams.get("error")).toBe(code);
  expect(landed.searchParams.get("from")).toBe(from ?? null);
  expect(GOOGLE_SIGNIN_ERRORS[code].length).toBeGreaterThan(0);
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("Google sign-in (OpenID Connect, against a real provider)", () => {
  let provider: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startTestOidcProvider(REDIRECT_URI);
    t = await createTestApp({ PUBLIC_URL, ...provider.env });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const account = (
    overrides: { email?: string; name?: string; emailVerified?: boolean; picture?: string } = {},
  ) => {
    const email = overrides.email ?? uniqueEmail("google");
    provider.addAccount({ name: "Tahmina Akter", emailVerified: true, ...overrides, email });
    return email;
  };

  it("tells the web app that Google sign-in is available", async () => {
    const res = await call(t.app, { method: "GET", url: "/api/auth/providers" });
    expect(res.json()).toEqual({ google: true });
  });

  it("makes a new person a buyer with the provider's name, email and picture, back on the page they came from", async () => {
    const email = uniqueEmail("google");
    account({ email: email.toUpperCase(), name: "Tahmina Akter" });
    const b = browser(t.app);

    const landed = await b.signInWithGoogle(email, { from: "/products/all?page=2" });

    expect(`${landed.pathname}${landed.search}`).toBe("/products/all?page=2");
    const user = await me(t.app, b.cookieHeader());
    expect(user).toMatchObject({ name: "Tahmina Akter", email, role: "buyer", verified: false });
    expect(user?.photo?.src).toMatch(/^\/images\/.+\.webp$/);
    const photo = await t.app.inject({ method: "GET", url: user!.photo!.src });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
  });

  it("signs the same person in to the same account the next time", async () => {
    const email = account();
    const first = browser(t.app);
    await first.signInWithGoogle(email);
    const second = browser(t.app);
    await second.signInWithGoogle(email);

    const [a, b] = [await me(t.app, first.cookieHeader()), await me(t.app, second.cookieHeader())];
    expect(b?.id).toBe(a?.id);
    expect(await accountsWithEmail(t.app, email)).toHaveLength(1);
  });

  it("links an existing password account with the same verified email (any case) instead of making another", async () => {
    const existing = await buildUser(t.app, { role: "seller", name: "Karim Motors" });
    const earlierSession = await signIn(t.app, existing);
    account({ email: existing.email.toUpperCase(), name: "Someone Else" });
    const b = browser(t.app);

    const landed = await b.signInWithGoogle(existing.email);

    expect(landed.pathname).toBe("/");
    expect(await me(t.app, b.cookieHeader())).toMatchObject({
      id: existing.id,
      role: "seller",
      name: "Karim Motors",
    });
    const rows = await accountsWithEmail(t.app, existing.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.googleSub).toBeTruthy();
    // Whoever set the password may have squatted the address: Google proved it, so the password and
    // the sessions made with it end.
    expect(await me(t.app, earlierSession)).toBeNull();
    const withPassword = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: existing.email, password: existing.password },
    });
    expect(withPassword.statusCode).toBe(401);
  });

  it("links an admin account, and the admin stays an admin", async () => {
    const admin = await buildUser(t.app, { role: "admin" });
    account({ email: admin.email });
    const b = browser(t.app);

    await b.signInWithGoogle(admin.email, { from: "/dashboard/allsellers" });

    expect(await me(t.app, b.cookieHeader())).toMatchObject({ id: admin.id, role: "admin" });
  });

  it("asks an account with two-step sign-in for its code after Google, on the sign-in page", async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "admin" });
    const { secret } = await enrolMfa(t.app, cookie, user.password);
    account({ email: user.email });
    const b = browser(t.app);

    const landed = await b.signInWithGoogle(user.email, { from: "/dashboard/allsellers" });

    expect(landed.pathname).toBe("/signin");
    expect(landed.searchParams.get("mfa")).toBe("1");
    expect(landed.searchParams.get("from")).toBe("/dashboard/allsellers");
    expect(b.cookieHeader()).toBeUndefined();
    const pending = `mh_mfa=${encodeURIComponent(b.appCookies.get("mh_mfa") ?? "")}`;
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin/mfa",
      cookie: pending,
      payload: { code: await totpCode(secret, 1) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, role: "admin", mfaEnabled: true });
  });

  it("refuses a second Google account with the address of an account already linked to another", async () => {
    const email = account();
    const first = browser(t.app);
    await first.signInWithGoogle(email);
    account({ email }); // The provider now gives this address to a different subject.
    const second = browser(t.app);

    expectRefused(await second.signInWithGoogle(email), "google_linked_elsewhere");
    expect(second.cookieHeader()).toBeUndefined();
    expect(await accountsWithEmail(t.app, email)).toHaveLength(1);
  });

  it("refuses an unverified email with its own message and makes no account", async () => {
    const email = account({ emailVerified: false });
    const b = browser(t.app);

    const landed = await b.signInWithGoogle(email, { from: "/dashboard/myorders" });

    expectRefused(landed, "google_unverified", "/dashboard/myorders");
    expect(b.cookieHeader()).toBeUndefined();
    expect(await accountsWithEmail(t.app, email)).toEqual([]);
  });

  it("does not link an unverified email to the existing account with that address", async () => {
    const existing = await buildUser(t.app);
    account({ email: existing.email, emailVerified: false });
    const b = browser(t.app);

    expectRefused(await b.signInWithGoogle(existing.email), "google_unverified");
    expect(b.cookieHeader()).toBeUndefined();
    expect((await accountsWithEmail(t.app, existing.email))[0]?.googleSub).toBeNull();
  });

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
        if (url.origin === provider.issuer && url.searchParams.has("nonce")) {
          url.searchParams.set("nonce", "someone-elses-nonce");
        }
      },
    ],
  ])("refuses %s: clear message, no session, no account", async (_label, tamper) => {
    const email = account();
    const b = browser(t.app, (url) => {
      tamper(url);
      return url;
    });

    expectRefused(await b.signInWithGoogle(email), "google_failed");
    expect(b.cookieHeader()).toBeUndefined();
    expect(await accountsWithEmail(t.app, email)).toEqual([]);
  });

  it("refuses a flow cookie changed in the browser (it is signed)", async () => {
    const email = account();
    const b = browser(t.app, (url) => {
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
    const email = account();
    let callback: URL | undefined;
    const b = browser(t.app, (url) => {
      if (url.pathname === "/api/auth/google/callback") callback = new URL(url);
      return url;
    });
    await b.signInWithGoogle(email);
    expect(b.cookieHeader()).toBeDefined();

    const replay = await call(t.app, { method: "GET", url: callback!.pathname + callback!.search });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe("/signin?error=google_failed");
    expect(replay.cookies.find((c) => c.name === "mh_session")).toBeUndefined();
  });

  it("sends a person who cancels at the provider back to sign-in, saying so", async () => {
    const email = account();
    const b = browser(t.app);

    expectRefused(
      await b.signInWithGoogle(email, { cancel: true, from: "/blog" }),
      "google_cancelled",
      "/blog",
    );
    expect(b.cookieHeader()).toBeUndefined();
  });

  it("makes the account without a photo when the provider's picture cannot be fetched", async () => {
    const email = account({ picture: provider.missingPictureUrl });
    const b = browser(t.app);

    await b.signInWithGoogle(email);

    expect(await me(t.app, b.cookieHeader())).toMatchObject({ email, role: "buyer", photo: null });
  });

  it.each([
    ["another site", "//evil.example/steal"],
    ["an absolute URL", "https://evil.example/"],
    ["the sign-in page itself", "/signin"],
  ])("returns home, not to %s, whatever `from` says", async (_label, from) => {
    const email = account();
    const b = browser(t.app);

    const landed = await b.signInWithGoogle(email, { from });

    expect(landed.href).toBe(`${PUBLIC_URL}/`);
    expect(await me(t.app, b.cookieHeader())).toMatchObject({ email });
  });

  it("keeps the start of the flow in a short-lived, signed, HttpOnly cookie for the callback only", async () => {
    const res = await call(t.app, { method: "GET", url: "/api/auth/google" });
    expect(res.statusCode).toBe(302);
    const target = new URL(res.headers.location as string);
    expect(target.origin).toBe(provider.issuer);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      client_id: provider.clientId,
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
