import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reports } from "#server/db/schema.ts";
import {
  call,
  createTestApp,
  expectProblem,
  openTestDatabase,
  setupTestApp,
  type TestApp,
} from "#server/test/app.ts";
import { buildListing, signedInUser, signupForm } from "#server/test/factories.ts";
import { BUILT_ASSET, createWebDist } from "#server/test/web-dist.ts";
import { MSG } from "#shared/messages.ts";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";

describe("the API without a built web app", () => {
  const t = setupTestApp({}, { webDist: path.join(os.tmpdir(), "motohaat-no-web-here") });

  it.each(["GET", "DELETE"] as const)(
    "answers an unknown %s /api/* with 404 problem+json",
    async (method) => {
      const body = expectProblem(await call(t.app, { method, url: "/api/no-such-thing?x=1" }), 404);
      expect(body.detail).toBe(`Nothing at ${method} /api/no-such-thing.`);
    },
  );

  it("answers an unknown POST /api/* with 404 problem+json", async () => {
    expectProblem(await call(t.app, { method: "POST", url: "/api/no-such-thing", payload: { a: 1 } }), 404);
  });

  it("answers any other unknown path with 404 problem+json when no web app is built", async () => {
    expectProblem(await call(t.app, { method: "GET", url: "/some/page" }), 404);
  });

  it("reports health with the database kind, never cached", async () => {
    const res = await call(t.app, { method: "GET", url: "/api/health" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: t.database.kind });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers a malformed JSON body with 400 problem+json in plain words", async () => {
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/signin",
      payload: '{"email": "a@example.test",',
      headers: { "content-type": "application/json" },
    });
    expectProblem(res, 400, "The request body is not valid JSON.");
  });

  it("refuses a NUL character anywhere in a request with 400 naming the field; nothing is written", async () => {
    const inQuery = await call(t.app, { method: "GET", url: "/api/listings?category=sports%00" });
    expect(expectProblem(inQuery, 400, MSG.generic.nulCharacter).errors).toEqual({
      category: MSG.generic.nulCharacter,
    });

    const listing = await buildListing(t.app);
    const { cookie } = await signedInUser(t.app, { role: "buyer" });
    const report = await call(t.app, {
      method: "POST",
      url: `/api/listings/${listing.id}/reports`,
      cookie,
      payload: { reason: "looks stolen\u0000" },
    });
    expect(expectProblem(report, 400).errors).toEqual({ reason: MSG.generic.nulCharacter });
    expect(await t.app.db.select().from(reports).where(eq(reports.listingId, listing.id))).toEqual([]);

    const form = await signupForm({ name: "Nul\u0000Name", email: "nul@example.test" });
    const signup = await call(t.app, { method: "POST", url: "/api/auth/signup", ...form });
    expect(expectProblem(signup, 400).errors).toEqual({ name: MSG.generic.nulCharacter });
  });

  it("sends security headers: a strict CSP, no framing, no sniffing", async () => {
    const res = await call(t.app, { method: "GET", url: "/api/health" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    // Plain HTTP here: HSTS would be wrong.
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("serves an OpenAPI document that lists the auth routes", async () => {
    const res = await call(t.app, { method: "GET", url: "/api/docs/json" });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths["/api/auth/signup"] ?? {})).toContain("post");
    expect(Object.keys(doc.paths["/api/auth/signin"] ?? {})).toContain("post");
    expect(Object.keys(doc.paths["/api/health"] ?? {})).toContain("get");
  });
});

describe("the built web app (SPA fallback)", () => {
  let webDist: Awaited<ReturnType<typeof createWebDist>>;
  let t: TestApp;
  const indexHtml =
    '<!doctype html><html><head><title>MotoHaat test shell</title></head><body><div id="root"></div></body></html>';
  beforeAll(async () => {
    webDist = await createWebDist(indexHtml);
    t = await createTestApp({}, { webDist: webDist.dir });
  });
  afterAll(async () => {
    await t?.close();
    await webDist?.remove();
  });

  it.each(["/", "/some/unknown/page", "/products/all?x=1", "/dashboard/myorders"])(
    "answers GET %s with the app's index.html, not cached",
    async (url) => {
      const res = await call(t.app, { method: "GET", url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toBe(indexHtml);
      expect(res.headers["cache-control"]).toBe("no-cache");
    },
  );

  it("serves hashed assets as immutable", async () => {
    const res = await call(t.app, { method: "GET", url: BUILT_ASSET.url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(BUILT_ASSET.body);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("still answers unknown /api/* and missing images with 404 problem+json, not the app", async () => {
    for (const url of ["/api/unknown", "/api", "/images/missing.webp"]) {
      const res = await call(t.app, { method: "GET", url });
      expectProblem(res, 404);
      expect(res.body, url).not.toContain("MotoHaat test shell");
    }
  });

  it("does not answer a POST to a page with the app", async () => {
    const res = await call(t.app, { method: "POST", url: "/some/page", payload: {} });
    expectProblem(res, 404);
  });
});

describe("an unexpected error", () => {
  let t: { close(): Promise<void> } | undefined;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let undeclared: unknown;
  const secret = "connection to db.internal:5432 failed for user motohaat password hunter2";

  beforeAll(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-test-"));
    const database = await openTestDatabase();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO: "false" }),
      database,
      logger: false,
    });
    app.get("/api/test/explode", { config: { access: "public" } }, async () => {
      throw new Error(secret);
    });
    app.post("/api/test/explode-later", { config: { access: "public" } }, async () => {
      await Promise.resolve();
      throw Object.assign(new TypeError(secret), { statusCode: undefined });
    });
    try {
      app.get("/api/test/undeclared", async () => ({}));
    } catch (err) {
      undeclared = err;
    }
    await app.ready();
    t = {
      async close() {
        await app.close();
        await database.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 500 problem+json without leaking the error's message or stack", async () => {
    for (const req of [
      { method: "GET", url: "/api/test/explode" },
      { method: "POST", url: "/api/test/explode-later", payload: {} },
    ] as const) {
      const res = await call(app, req);
      const body = expectProblem(res, 500, MSG.generic.somethingWrong);
      expect(body.title).toBe("Internal Server Error");
      expect(res.body).not.toContain("hunter2");
      expect(res.body).not.toContain("db.internal");
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it("refuses a route under /api that does not declare who may call it", () => {
    expect(undeclared).toBeInstanceOf(Error);
    expect((undeclared as Error).message).toMatch(
      /GET \/api\/test\/undeclared does not declare config\.access/,
    );
  });
});
