import net from "node:net";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { users } from "#server/db/schema.ts";
import { GOOGLE_SIGNIN_ERRORS, type GoogleSigninError } from "#shared/schemas/auth.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { uniqueEmail } from "./factories.ts";
import { startTestOidcProvider, type TestOidcProvider } from "./oidc-provider.ts";

/** Our site's address as the provider knows it; requests to it go to app.inject, never the network. */
export const PUBLIC_URL = "http://motohaat.test";
export const REDIRECT_URI = `${PUBLIC_URL}/api/auth/google/callback`;
/** A provider (keys, page) and an app per suite: more than the default hook time on a busy machine. */
export const SETUP_TIMEOUT_MS = 120_000;

type Page = { url: URL; html?: string };

/**
 * One browser: a cookie jar per site and redirects followed one by one, so a test can see (and
 * tamper with) each hop between our app and the provider. `rewrite` may change any URL before
 * the browser goes there.
 */
export function browser(app: FastifyInstance, rewrite: (url: URL) => URL = (url) => url) {
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

export async function accountsWithEmail(app: FastifyInstance, email: string) {
  return app.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
}

/** Landed back on /signin with this error: the page shows its message (see the web tests). */
export function expectRefused(landed: URL, code: GoogleSigninError, from?: string) {
  expect(landed.pathname).toBe("/signin");
  expect(landed.searchParams.get("error")).toBe(code);
  expect(landed.searchParams.get("from")).toBe(from ?? null);
  expect(GOOGLE_SIGNIN_ERRORS[code].length).toBeGreaterThan(0);
}

export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A test provider and an app signing in with it, for one test file; `account` adds a person at the
 * provider (a verified address by default) and returns their email.
 */
export function setupGoogleSignin() {
  let provider: TestOidcProvider | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    provider = await startTestOidcProvider(REDIRECT_URI);
    t = await createTestApp({ PUBLIC_URL, ...provider.env });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (!value) throw new Error("setupGoogleSignin: not ready yet (use it inside a test)");
    return value;
  };
  return {
    get app() {
      return ready(t).app;
    },
    get provider() {
      return ready(provider);
    },
    account(overrides: { email?: string; name?: string; emailVerified?: boolean; picture?: string } = {}) {
      const email = overrides.email ?? uniqueEmail("google");
      ready(provider).addAccount({ name: "Tahmina Akter", emailVerified: true, ...overrides, email });
      return email;
    },
  };
}
