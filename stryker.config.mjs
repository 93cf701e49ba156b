// @ts-check
// Mutation testing of the code that guards money and access (issue 9): `npm run test:mutation`
// runs it on these files, `npm run test:mutation -- <file>…` on others (scripts/mutation.ts).
// It is CPU heavy: run one file at a time on a shared machine.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  vitest: {
    // Only the server suite on PGlite (see that file for why).
    configFile: "vitest.mutation.config.ts",
    // Only the test files that import the mutated file, directly or through the app.
    related: true,
    // As the normal runs (Vitest 4's default): sharp and argon2 are native modules.
    pool: "forks",
  },
  // Each mutant runs only the tests that reached it in the first run.
  coverageAnalysis: "perTest",
  mutate: [
    // Paying, booking and ending holds moved into workflows (issue 20): mutated with the features'
    // halves and the only writer of a bike's status.
    "src/server/workflows/payment.ts",
    "src/server/workflows/booking.ts",
    "src/server/workflows/hold-endings.ts",
    "src/server/features/listings/market.ts",
    "src/server/features/payments/service.ts",
    "src/server/features/orders/service.ts",
    "src/server/features/orders/presenter.ts",
    "src/server/plugins/auth.ts",
    // The session service, part of the auth plugin until it moved out (issue 10).
    "src/server/features/auth/sessions.ts",
  ],
  concurrency: 1,
  // A shared, loaded machine makes tests slower than in the first run: not a mutant's infinite loop.
  timeoutFactor: 3,
  timeoutMS: 15_000,
  dryRunTimeoutMinutes: 20,
  // Not copied into the sandbox: nothing here is needed to run the server tests.
  ignorePatterns: [
    "/data",
    "/dist",
    "/e2e",
    "/bench",
    "/docs",
    "/test-results",
    "/playwright-report",
    "/coverage",
  ],
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  // Used with `-- --incremental`: a rerun tests only mutants whose code or tests changed.
  incrementalFile: "reports/mutation/stryker-incremental.json",
  tempDirName: ".stryker-tmp",
  thresholds: { high: 95, low: 90, break: null },
};

export default config;
