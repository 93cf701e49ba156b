import { defineConfig } from "@playwright/test";
import base from "../playwright.config.ts";

/**
 * The browser journeys of `npm run test:cluster` (scripts/cluster/run.ts), through nginx in front of
 * three app nodes: E2E_BASE_URL is the proxy, E2E_MAIL_DIR the cluster's mail. The specs are the
 * single-server suite's own, the ones that walk a whole journey: sign-up with a photo, sign-in, a
 * listing posted with photos, browsing, booking, paying, the handover, a report, a seller verified, a
 * password reset, a message and its live answer, a notification, a dispute and a payout.
 */
export const CLUSTER_SPECS = [
  "auth.spec.ts",
  "listings-seller.spec.ts",
  "listings-buyer.spec.ts",
  "orders.spec.ts",
  "payments.spec.ts",
  "password-reset.spec.ts",
  "messages.spec.ts",
  "notifications.spec.ts",
  "money-disputes.spec.ts",
];

// playwright.config.ts sets E2E_START_SERVER when no E2E_BASE_URL was given: no cluster to test then.
if (process.env.E2E_START_SERVER || !process.env.E2E_MAIL_DIR) {
  throw new Error("e2e/cluster.config.ts is run by `npm run test:cluster`, which starts the cluster");
}

export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: CLUSTER_SPECS,
  globalSetup: undefined,
  outputDir: "../test-results/cluster-artifacts",
  reporter: [["list"], ["json", { outputFile: "../test-results/cluster-report.json" }]],
});
