/**
 * The app as it ships, for the tools that drive a browser at it: the production build of the web app,
 * served by the real server in production mode with the demo data, on the embedded database in a
 * fresh data dir. Used by e2e/global-setup.ts (the browser tests) and bench/web.ts (Lighthouse).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Seeding the demo catalogue is CPU-bound: ~15 s on an idle machine, minutes on a crowded one. */
const HEALTHY_WITHIN_MS = 180_000;

/**
 * Builds the web app (`vite build`) into a fresh temporary dir whose name starts with `prefix`, and
 * returns it: a build of its own, so that two runs at once (or a `npm start` in the checkout) never
 * share one. The caller removes it.
 */
export function buildWeb(prefix: string): string {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const build = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn", "--outDir", outDir], {
    cwd: root,
    stdio: "inherit",
    // The production build whoever asks (Vitest's NODE_ENV=test would compile JSX for React's
    // development runtime, which the server renderer's production React does not have).
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) {
    fs.rmSync(outDir, { recursive: true, force: true });
    throw new Error(`vite build failed (exit ${build.status ?? build.signal})`);
  }
  return outDir;
}

/** A started server: `stop` ends it and removes its data dir; `pid` is its process (to read its memory). */
export type DemoServer = { stop: () => Promise<void>; pid: number; dataDir: string };

type DemoServerOptions = {
  /** The address the server binds to. */
  host: string;
  port: number;
  /** The origin people reach it at (`PUBLIC_URL`). */
  publicUrl: string;
  /** The built web app it serves (see buildWeb). */
  webDir: string;
  /** Its data dir is a fresh temporary dir whose name starts with this. */
  dataDirPrefix: string;
  /** Added to the environment (or put in place of what is there): the mail server, a caller's limits. */
  env?: NodeJS.ProcessEnv;
};

/**
 * Starts the real server (`node --import tsx src/server/main.ts`, one process so signals reach it) and
 * waits until it answers its health check. `stop` ends it (SIGTERM, so it closes its database cleanly;
 * SIGKILL if it hangs) and removes its data dir; a server that never became healthy is stopped before
 * the error is thrown.
 */
export async function startDemoServer(options: DemoServerOptions): Promise<DemoServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix));
  // The embedded database in a fresh dir, whatever the caller's shell points at (a caller may still
  // name a database in `options.env`: the messaging bench runs on PostgreSQL).
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: "production",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    HOST: options.host,
    PORT: String(options.port),
    PUBLIC_URL: options.publicUrl,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: options.webDir,
    SEED_DEMO: "true",
    // The demo accounts are what the tools sign in as; production refuses them otherwise.
    ALLOW_DEMO_IN_PRODUCTION: "true",
    LOG_LEVEL: "warn",
    ...options.env,
  };

  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const stop = async () => {
    await stopServer(server, exited);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(new URL("/api/health", options.publicUrl), server, exited);
  } catch (err) {
    await stop();
    throw err;
  }
  return { stop, pid: server.pid!, dataDir };
}

async function waitForHealth(url: URL, server: ChildProcess, exited: Promise<number | null>) {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  let serverGone = false;
  void exited.then(() => {
    serverGone = true;
  });
  while (Date.now() < deadline) {
    if (serverGone) throw new Error(`the server exited (code ${server.exitCode}) before it was healthy`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url.href} within ${HEALTHY_WITHIN_MS / 1000} s`);
}

async function stopServer(server: ChildProcess, exited: Promise<number | null>) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
