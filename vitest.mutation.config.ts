import { defineConfig } from "vitest/config";
import { serverProject } from "./vitest.config.ts";

// What StrykerJS runs (stryker.config.mjs): only the server suite on PGlite. The web and PostgreSQL
// runs test the same server code at a higher cost. main.test.ts and cli/admin.test.ts start child
// processes, whose code Stryker cannot switch mutants in: they could never kill one.
const server = serverProject("server:pglite", "pglite");

export default defineConfig({
  test: {
    projects: [
      {
        ...server,
        test: {
          ...server.test,
          exclude: ["src/server/main.test.ts", "src/server/cli/admin.test.ts"],
          // Mutation runs share the machine with everything else: slower, not stuck.
          testTimeout: 60_000,
          // As Stryker has always run them: each file with its own modules, so a switched mutant never
          // outlives the file it was switched for.
          isolate: true,
        },
      },
    ],
  },
});
