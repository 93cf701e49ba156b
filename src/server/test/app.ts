import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { type BuildOptions, buildApp } from "#server/app.ts";
import { type Config, loadConfig } from "#server/config.ts";
import { type Database, openDatabase, pgliteDatabase, pgliteOptions } from "#server/db/client.ts";
import type { Problem } from "#shared/schemas/problem.ts";
import { migratedPgliteDump } from "./pglite-dump.ts";
import { createScratchDatabase } from "./scratch-database.ts";

/** Where server tests run: PGlite in memory, or a fresh database on TEST_DATABASE_URL's server. */
export const testDbKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/** Creates a brand-new, empty database on TEST_DATABASE_URL's server; `drop` removes it. */
export function freshPostgresUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  return createScratchDatabase(base, "motohaat_t");
}

/** Creates a brand-new database on the test server and drops it on close: no shared state. */
async function freshPostgres(): Promise<Database> {
  const fresh = await freshPostgresUrl();
  const database = await openDatabase({ url: fresh.url, dataDir: "" });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * A migrated empty PGlite: the run's dump (src/test-setup/pglite-template.ts) or, without it, one
 * made once per test file. Apps load it instead of migrating again.
 */
let pgliteTemplate: Promise<File | Blob> | undefined;

async function migratedPglite(): Promise<File | Blob> {
  const file = process.env.MOTOHAAT_TEST_PGLITE_TEMPLATE;
  if (file) return new Blob([new Uint8Array(await fs.readFile(file))]);
  return migratedPgliteDump();
}

async function freshPglite(): Promise<Database> {
  pgliteTemplate ??= migratedPglite();
  return pgliteDatabase(new PGlite({ ...pgliteOptions, loadDataDir: await pgliteTemplate }));
}

export async function openTestDatabase(): Promise<Database> {
  return testDbKind === "postgres" ? freshPostgres() : freshPglite();
}

/** Google set up, so its routes are live; nothing listens on port 9, so nothing leaves the machine. */
export const GOOGLE_OFFLINE = {
  OIDC_ISSUER: "http://127.0.0.1:9",
  OIDC_CLIENT_ID: "motohaat",
  OIDC_CLIENT_SECRET: "secret",
};

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
};

/**
 * The app on a fresh test database and data dir. `overrides` replace parts of the loaded config
 * that no variable sets (such as `webDist`); `openDb` opens another database (such as one a CLI
 * wrote to); the app closes it on close. `build` hands buildApp what no config says (a logger to
 * read, a payment provider talking to a local server, a hook that sees every route).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  openDb: () => Promise<Database> = openTestDatabase,
  build: Pick<BuildOptions, "logger" | "paymentProvider" | "onRoute"> = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-test-"));
  const loaded = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    RATE_LIMIT_AUTH_MAX: "10000",
    RATE_LIMIT_UPLOAD_MAX: "10000",
    LOG_LEVEL: "silent",
    ...env,
  });
  const config = {
    ...loaded,
    // The notification email worker sends only when a test runs it (notifications' own tests do, by
    // hand or with an interval): left running it would change outbox rows under tests about other
    // things (the fuzz test checks that a refused request changes no row).
    outbox: { ...loaded.outbox, pollIntervalMs: null },
    // No web build unless a test brings one (createWebDist): the answers must not depend on whether
    // `npm run build` has run on this machine (with a build, unknown GETs reach the SPA's routes).
    webDist: path.join(dataDir, "no-web-build"),
    ...overrides,
  };
  const database = await openDb();
  const app = await buildApp({ config, database, logger: false, ...build });
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One app and one fresh database per test file. */
export function setupTestApp(env: Record<string, string> = {}, overrides: Partial<Config> = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(env, overrides));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return new Proxy(holder, {
    get(target, prop: keyof TestApp) {
      if (!("app" in target))
        throw new Error("setupTestApp: the app is not ready yet (use it inside a test)");
      return target[prop];
    },
  });
}

export type Req = Omit<InjectOptions, "cookies"> & { cookie?: string | undefined };

/** app.inject as a browser on our site would call it: same-origin Origin, optional session cookie. */
export function call(app: FastifyInstance, req: Req): Promise<LightMyRequestResponse> {
  const { cookie, headers, ...rest } = req;
  return app.inject({
    ...rest,
    headers: {
      origin: app.config.publicUrl.origin,
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  });
}

/** A multipart body for app.inject, built with the platform's FormData. */
export async function multipart(
  fields: Record<string, string | { data: Buffer; filename: string; type?: string } | undefined>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === "string") form.append(key, value);
    else
      form.append(
        key,
        new Blob([new Uint8Array(value.data)], { type: value.type ?? "application/octet-stream" }),
        value.filename,
      );
  }
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { "content-type": res.headers.get("content-type")! },
  };
}

/** The `name=value` of the session cookie a response set (`__Host-mh_session` over https), ready for a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === "mh_session" || x.name === "__Host-mh_session");
  if (!c?.value) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `${c.name}=${c.value}`;
}

/** Checks a response is RFC 9457 problem+json with this status and a code (and detail, when given); returns the body. */
export function expectProblem(res: LightMyRequestResponse, status: number, detail?: string): Problem {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
  const body = res.json() as Problem;
  expect(body).toMatchObject({ type: "about:blank", title: expect.any(String), status });
  expect(typeof body.detail).toBe("string");
  expect(typeof body.code, "every problem carries its code").toBe("string");
  if (detail !== undefined) expect(body.detail).toBe(detail);
  return body;
}
