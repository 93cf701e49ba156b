import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import { signedInUser } from "#server/test/factories.ts";
import { BUILT_ASSET, createWebDist } from "#server/test/web-dist.ts";
import { MSG } from "#shared/messages.ts";
import { permissionsPolicy } from "./security.ts";

const PRODUCTION = {
  NODE_ENV: "production",
  SESSION_SECRET: "k3Jd9f0sL2mQ8vX7pR4tY6wZ1aB5cE0g",
  SMTP_URL: "smtp://127.0.0.1:1",
};

/** A mutation any caller may try: a sign-in that fails (401) once past the Origin check. */
function signinFrom(app: FastifyInstance, headers: { host: string; origin?: string }) {
  return app.inject({
    method: "POST",
    url: "/api/auth/signin",
    headers,
    payload: { email: "nobody@example.com", password: "Wr0ng!Pass" },
  });
}

describe("the Origin check (CSRF)", () => {
  describe("with PUBLIC_URL set", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ PUBLIC_URL: "https://motohaat.example" });
    });
    afterAll(async () => {
      await t?.close();
    });

    it("refuses an origin named by the request's own Host header: only PUBLIC_URL's counts", async () => {
      for (const host of ["evil.example", "motohaat.example"]) {
        const res = await signinFrom(t.app, { host, origin: `http://${host}` });
        expectProblem(res, 403, MSG.auth.badOrigin);
      }
    });

    it("accepts PUBLIC_URL's origin, whatever the Host header says", async () => {
      for (const host of ["motohaat.example", "10.0.0.7:3000"]) {
        const res = await signinFrom(t.app, { host, origin: "https://motohaat.example" });
        expectProblem(res, 401, MSG.signin.wrongCredentials);
      }
    });
  });

  describe("without PUBLIC_URL (development, tests)", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it("accepts the default public origin and the request's own origin, as the server is reached", async () => {
      expect(t.config.publicUrlConfigured).toBe(false);
      const byDefault = await signinFrom(t.app, { host: "localhost:3000", origin: "http://localhost:3000" });
      expectProblem(byDefault, 401, MSG.signin.wrongCredentials);
      const lan = await signinFrom(t.app, { host: "192.168.1.5:3000", origin: "http://192.168.1.5:3000" });
      expectProblem(lan, 401, MSG.signin.wrongCredentials);
    });

    it("refuses another origin, and none", async () => {
      const other = await signinFrom(t.app, { host: "192.168.1.5:3000", origin: "http://evil.example" });
      expectProblem(other, 403, MSG.auth.badOrigin);
      expectProblem(await signinFrom(t.app, { host: "localhost:3000" }), 403, MSG.auth.badOrigin);
    });
  });
});

/** Members of a Permissions-Policy structured-field dictionary: `feature=(allowlist)`. */
function policyMembers(header: string): Map<string, string[]> {
  const members = new Map<string, string[]>();
  for (const member of header.split(", ")) {
    const match =
      /^([a-z][a-z0-9-]*)=\(((?:self|"https:\/\/[a-z0-9.-]+")(?: (?:self|"https:\/\/[a-z0-9.-]+"))*)?\)$/.exec(
        member,
      );
    expect(match, `not a valid member: ${member}`).not.toBeNull();
    expect(members.has(match![1]!), `twice: ${match![1]}`).toBe(false);
    members.set(match![1]!, match![2] ? match![2].split(" ") : []);
  }
  return members;
}

describe("Permissions-Policy", () => {
  let t: TestApp;
  let webDist: Awaited<ReturnType<typeof createWebDist>>;
  beforeAll(async () => {
    webDist = await createWebDist("<!doctype html><title>shell</title>");
    t = await createTestApp({}, { webDist: webDist.dir });
  });
  afterAll(async () => {
    await t?.close();
    await webDist?.remove();
  });

  it("denies every powerful feature the site does not use, in valid syntax", () => {
    const members = policyMembers(permissionsPolicy(false));
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "browsing-topics"]) {
      expect(members.get(feature), feature).toEqual([]);
    }
  });

  it("lets Stripe's frames use Payment Request only when Stripe is the provider", () => {
    const members = policyMembers(permissionsPolicy(true));
    expect(members.get("payment")).toEqual(["self", '"https://js.stripe.com"']);
    expect(members.get("camera")).toEqual([]);
  });

  it.each([
    ["an API answer", "GET", "/api/health", 200],
    ["the app's page", "GET", "/dashboard/myorders", 200],
    ["a static file", "GET", BUILT_ASSET.url, 200],
    ["an unknown API route", "GET", "/api/nope", 404],
    ["a missing image", "GET", "/images/missing.webp", 404],
    ["an address Fastify cannot decode", "GET", "/api/listings/%E0%A4%A", 400],
  ] as const)("is sent with %s (%s %s → %i)", async (_, method, url, status) => {
    const res = await call(t.app, { method, url });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers["permissions-policy"]).toBe(permissionsPolicy(false));
  });

  it("is sent with a refused mutation (403), and with the answers written before any hook", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/signout" });
    expectProblem(res, 403, MSG.auth.badOrigin);
    expect(res.headers["permissions-policy"]).toBe(permissionsPolicy(false));
    expect(t.app.securityHeaders["permissions-policy"]).toBe(permissionsPolicy(false));
  });
});

describe("No framing: X-Frame-Options agrees with the CSP's frame-ancestors 'none'", () => {
  let t: TestApp;
  let webDist: Awaited<ReturnType<typeof createWebDist>>;
  beforeAll(async () => {
    webDist = await createWebDist("<!doctype html><title>shell</title>");
    t = await createTestApp({}, { webDist: webDist.dir });
  });
  afterAll(async () => {
    await t?.close();
    await webDist?.remove();
  });

  it.each([
    ["an API answer", "/api/health", 200],
    ["the app's page (HTML)", "/dashboard/myorders", 200],
    ["a static file", BUILT_ASSET.url, 200],
    ["an address Fastify cannot decode (answered before any hook)", "/api/listings/%E0%A4%A", 400],
  ] as const)("DENY, not SAMEORIGIN, on %s (GET %s → %i)", async (_, url, status) => {
    const res = await call(t.app, { method: "GET", url });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("the HTML page is the app's shell, sent as HTML", async () => {
    const res = await call(t.app, { method: "GET", url: "/dashboard/myorders" });
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain("<title>shell</title>");
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });
});

describe("Cache-Control on the caller's own answers (route config noStore)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is private, no-store on the handler's answers and errors, absent before the handler and elsewhere", async () => {
    const { cookie } = await signedInUser(t.app, { role: "buyer" });
    const mine = await call(t.app, { method: "GET", url: "/api/me/orders", cookie });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    const missing = await call(t.app, { method: "GET", url: `/api/orders/${randomUUID()}`, cookie });
    expectProblem(missing, 404);
    expect(missing.headers["cache-control"]).toBe("private, no-store");

    const anonymous = await call(t.app, { method: "GET", url: "/api/me/orders" });
    expectProblem(anonymous, 401, MSG.auth.notSignedIn);
    expect(anonymous.headers["cache-control"]).toBeUndefined();
    const catalogue = await call(t.app, { method: "GET", url: "/api/listings", cookie });
    expect(catalogue.statusCode, catalogue.body).toBe(200);
    expect(catalogue.headers["cache-control"]).toBeUndefined();
  });
});

describe("/api/docs", () => {
  const docs = async (env: Record<string, string>) => {
    const t = await createTestApp(env);
    try {
      const page = await call(t.app, { method: "GET", url: "/api/docs" });
      const json = await call(t.app, { method: "GET", url: "/api/docs/json" });
      return { page, json };
    } finally {
      await t.close();
    }
  };

  it("is off in production", async () => {
    const { page, json } = await docs(PRODUCTION);
    expectProblem(page, 404);
    expectProblem(json, 404);
  });

  it("is on in production with API_DOCS=true, and by default elsewhere", async () => {
    for (const env of [{ ...PRODUCTION, API_DOCS: "true" }, {}]) {
      const { page, json } = await docs(env);
      expect(page.statusCode, page.body).toBeLessThan(400);
      expect(json.statusCode, json.body).toBe(200);
      expect(json.json().openapi).toMatch(/^3\./);
    }
  });

  it("is off elsewhere with API_DOCS=false", async () => {
    expectProblem((await docs({ API_DOCS: "false" })).json, 404);
  });
});
