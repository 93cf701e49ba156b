/**
 * Run by `npm run lint`: the API's OpenAPI document must be one a client generator can use. Builds the
 * app on PGlite in memory with every optional route on (Google sign-in, the Stripe webhook; settings
 * that reach no network), writes its document to a temporary file and lints it with redocly's
 * recommended rules (redocly.yaml). Any error or warning fails, each named with where it is.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REDOCLY = path.join(ROOT, "node_modules/@redocly/cli/bin/cli.js");

type Problem = { ruleId: string; severity: string; message: string; location: { pointer?: string }[] };
type Report = { totals: { errors: number; warnings: number }; problems: Problem[] };

async function openapiDocument(dataDir: string): Promise<unknown> {
  const config = loadConfig({
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    // Nothing listens on port 9: the Google routes exist, nothing leaves the machine.
    OIDC_ISSUER: "http://127.0.0.1:9",
    OIDC_CLIENT_ID: "motohaat",
    OIDC_CLIENT_SECRET: "check-openapi",
    // The Stripe provider adds its webhook route; no call is made while the document is built.
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_check_openapi",
    STRIPE_PUBLISHABLE_KEY: "pk_test_check_openapi",
    STRIPE_WEBHOOK_SECRET: "whsec_check_openapi",
  });
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-openapi-"));
let report: Report;
try {
  const file = path.join(dataDir, "openapi.json");
  await fs.writeFile(file, JSON.stringify(await openapiDocument(dataDir), null, 2));
  const lint = spawnSync(
    process.execPath,
    [
      REDOCLY,
      "lint",
      file,
      "--config",
      path.join(ROOT, "redocly.yaml"),
      "--format=json",
      "--max-problems=1000",
    ],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_NOTIFICATIONS: "true" },
    },
  );
  try {
    report = JSON.parse(lint.stdout) as Report;
  } catch {
    // redocly could not lint at all: its own words (stderr also holds its Node 20 notice).
    console.error(lint.stderr || lint.error?.message || `redocly exited with ${lint.status}`);
    process.exit(1);
  }
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}

const { errors, warnings } = report.totals;
if (errors > 0 || warnings > 0) {
  for (const p of report.problems) {
    console.error(`${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? "#"}: ${p.message}`);
  }
  console.error(
    `The OpenAPI document has ${errors} errors and ${warnings} warnings (redocly lint, redocly.yaml). ` +
      "A route without an operationId needs its entry in src/server/plugins/openapi-operations.ts.",
  );
  process.exit(1);
}
console.log("ok OpenAPI document: 0 errors, 0 warnings (redocly lint, recommended rules)");
