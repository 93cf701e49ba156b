import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startMailCatcher } from "../src/server/test/mail-catcher.ts";
import { startTestOidcProvider } from "../src/server/test/oidc-provider.ts";
import { GOOGLE_ACCOUNT } from "./google-account.ts";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Builds the web app once, then starts the real server (`node --import tsx src/server/main.ts`, one
 * process so signals reach it) on the port the config picked, with a fresh data dir and the demo data.
 * Returns the teardown: stop the server, then remove its data dir.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (!process.env.E2E_START_SERVER) return undefined;
  const baseURL = new URL(process.env.E2E_BASE_URL!);

  // A build of its own, so that two runs at once (or a `npm start` in the checkout) never share one.
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "motohaat-e2e-web-"));
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const build = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn", "--outDir", webDir], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status ?? build.signal})`);

  // A real SMTP server on a random port receives the server's mail; each message lands in
  // E2E_MAIL_DIR as an .eml file (renamed into place whole) for the tests to read.
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "motohaat-e2e-mail-"));
  const smtp = await startMailCatcher({
    onMessage: (raw) => {
      const file = path.join(mailDir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
      fs.writeFileSync(`${file}.part`, raw);
      fs.renameSync(`${file}.part`, file);
    },
  });
  process.env.E2E_MAIL_DIR = mailDir;

  // A real OpenID provider on a random port stands in for Google (e2e/google-signin.spec.ts).
  const google = await startTestOidcProvider(new URL("/api/auth/google/callback", baseURL).href);
  google.addAccount({ ...GOOGLE_ACCOUNT, emailVerified: true });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "motohaat-e2e-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    HOST: baseURL.hostname,
    PORT: baseURL.port,
    PUBLIC_URL: baseURL.origin,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDir,
    SEED_DEMO: "true",
    // The demo accounts are what the browser tests sign in as; production refuses them otherwise.
    ALLOW_DEMO_IN_PRODUCTION: "true",
    // The demo admin signs in with its password alone; e2e/two-factor.spec.ts covers the second factor.
    REQUIRE_ADMIN_MFA: "false",
    LOG_LEVEL: "warn",
    // Every test signs in or up from the same address; the real limit is covered by server tests.
    RATE_LIMIT_AUTH_MAX: "10000",
    SMTP_URL: smtp.url,
    ...google.env,
  };
  // Always the embedded database in a fresh dir, whatever the caller's shell points at.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;

  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));

  const cleanUp = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDir, { recursive: true, force: true });
    fs.rmSync(mailDir, { recursive: true, force: true });
    await google.close();
  };
  try {
    await waitForHealth(new URL("/api/health", baseURL), server, exited);
  } catch (err) {
    await stop(server, exited);
    await smtp.close();
    await cleanUp();
    throw err;
  }

  return async () => {
    await stop(server, exited);
    await smtp.close();
    await cleanUp();
  };
}

async function waitForHealth(url: URL, server: ChildProcess, exited: Promise<number | null>) {
  // Seeding the demo catalogue is CPU-bound: ~15 s on an idle machine, minutes on a crowded one.
  const deadline = Date.now() + 180_000;
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
  throw new Error(`the server did not answer ${url.href} within 60 s`);
}

/** SIGTERM lets the server close its database cleanly; SIGKILL if it hangs. */
async function stop(server: ChildProcess, exited: Promise<number | null>) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
