import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { catalogues } from "./scripts/catalogue-plugin.ts";
import { TOASTS_ALIAS } from "./vite.config.ts";

export const serverProject = (name: string, db: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name,
    environment: "node",
    include: ["src/server/**/*.test.ts"],
    // The process-level tests of main.ts run once, on PGlite: the entry differs on PostgreSQL only
    // in the URL it opens, and every route and query runs on both through buildApp.
    exclude: db === "postgres" ? ["src/server/main.test.ts"] : [],
    env: { TEST_DB: db },
    setupFiles: ["./src/test-setup/fail-on-console-error.ts"],
    // One module graph per worker, not per file: importing the app again for each of 115 files cost
    // ~2 s each (decision 032). Every file builds its own app on its own database, so files share
    // modules, never state; a file that mocks a module imports the app after vi.resetModules().
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The PostgreSQL run of the server suite exists only where a server is given; CI always gives one
// and fails if this project did not run (see .ci/run).
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  plugins: [react(), catalogues()],
  resolve: { alias: TOASTS_ALIAS },
  test: {
    // Vitest's default on 2 cores is one worker; the tests wait on databases and sockets often enough
    // that two keep both cores busy (decision 032).
    maxWorkers: 2,
    // The web build, with its server renderer, for the server tests of rendered pages; the migrated
    // PGlite database the server tests on PGlite start from.
    globalSetup: ["./src/test-setup/web-build.ts", "./src/test-setup/pglite-template.ts"],
    // CI also writes test-results/unit-report.json (every test with its project) for .ci/run to check.
    reporters: process.env.CI ? ["default", "./scripts/vitest-report.ts"] : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          environment: "node",
          include: ["src/shared/**/*.test.ts"],
          setupFiles: ["./src/test-setup/fail-on-console-error.ts"],
        },
      },
      serverProject("server:pglite", "pglite"),
      ...(withPostgres ? [serverProject("server:postgres", "postgres")] : []),
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/web/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test-setup/fail-on-console-error.ts", "./src/test-setup/web.ts"],
          // They share the machine with the server suites; rendering a page in jsdom is slow under load.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
