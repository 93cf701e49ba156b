import { execFileSync } from "node:child_process";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.ts";

/**
 * Browser tests drive Debian's Chromium against the real production build, served by the real server
 * on a random free port with a fresh data dir (see e2e/global-setup.ts).
 *
 * The runner and each worker load this file; the runner's load picks the port and puts it in the
 * environment, which the workers inherit, so they all agree on one base URL.
 */
function freePort(): string {
  const script =
    "const s=require('node:net').createServer();" +
    "s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" });
}

// E2E_BASE_URL given from outside means "test that running server"; otherwise we start our own.
if (!process.env.E2E_BASE_URL) {
  process.env.E2E_BASE_URL = `http://127.0.0.1:${freePort()}`;
  process.env.E2E_START_SERVER = "1";
}

export default defineConfig({
  testDir: "e2e",
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  fullyParallel: true,
  // Journeys of several people and pages on a 2-core CI machine, two workers at once.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  outputDir: "test-results/e2e-artifacts",
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-report.json" }]],
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_FLAGS,
        },
      },
    },
  ],
});
