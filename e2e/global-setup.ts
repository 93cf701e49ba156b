import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildWeb, startDemoServer } from "../scripts/demo-server.ts";
import { startMailCatcher } from "../src/server/test/mail-catcher.ts";
import { startTestOidcProvider } from "../src/server/test/oidc-provider.ts";
import { GOOGLE_ACCOUNT } from "./google-account.ts";

/**
 * Builds the web app once, then starts the real server with the demo data on the port the config
 * picked (scripts/demo-server.ts), with a mail catcher and a stand-in for Google beside it.
 * Returns the teardown: stop the server, then remove what it left.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (!process.env.E2E_START_SERVER) return undefined;
  const baseURL = new URL(process.env.E2E_BASE_URL!);

  const webDir = buildWeb("motohaat-e2e-web-");

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

  const cleanUp = async () => {
    await smtp.close();
    fs.rmSync(webDir, { recursive: true, force: true });
    fs.rmSync(mailDir, { recursive: true, force: true });
    await google.close();
  };
  const server = await startDemoServer({
    host: baseURL.hostname,
    port: Number(baseURL.port),
    publicUrl: baseURL.origin,
    webDir,
    dataDirPrefix: "motohaat-e2e-",
    env: {
      // The demo admin signs in with its password alone; e2e/two-factor.spec.ts covers the second factor.
      REQUIRE_ADMIN_MFA: "false",
      // Every test signs in or up from the same address; the real limit is covered by server tests.
      RATE_LIMIT_AUTH_MAX: "10000",
      SMTP_URL: smtp.url,
      ...google.env,
    },
  }).catch(async (err: unknown) => {
    await cleanUp();
    throw err;
  });

  return async () => {
    await server.stop();
    await cleanUp();
  };
}
