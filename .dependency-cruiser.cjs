/**
 * What may import what in src/, checked by `npm run lint:deps` (part of `npm run lint`); the rules are
 * docs/architecture.md's "What may import what". Biome (biome.json) keeps the zones between the source
 * roots and between web features and refuses `../`; this file keeps the server's features apart, puts
 * the workflows above them, and keeps src/ free of import cycles.
 *
 * A `*.test.ts` in a feature may also use the test helpers (src/server/test, app.ts, the demo seed),
 * another feature's fixtures (`features/<d>/testing.ts`: a booking test needs a listing) and a
 * workflow (a test of holds ends one). A test is imported by nothing, so it ties no two modules
 * together. A feature's `testing.ts` may use the test helpers but, like its code, no other feature.
 */

/** What a server feature may import besides its own folder and the people leaf (and npm packages). */
const FEATURE_MAY_IMPORT = [
  "^src/server/(db|lib|plugins|images|mail)/",
  "^src/server/(errors|config)[.]ts$",
  "^src/shared/",
];
/** …and what its tests and fixtures may import as well. */
const TESTS_MAY_IMPORT = ["^src/server/test/", "^src/server/app[.]ts$", "^src/server/seed/"];

const TEST = "[.]test[.]ts$";
const FIXTURES = "^src/server/features/[^/]+/testing[.]ts$";
/** A feature's routes may call a workflow: routes.ts, and auth's account-routes.ts, google-routes.ts… */
const ROUTES = "^src/server/features/[^/]+/[a-z-]*routes[.]ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "feature-imports-feature",
      severity: "error",
      comment:
        "A server feature imports no other feature, only the people leaf (which itself imports no " +
        "feature). Work that needs two features is a workflow (src/server/workflows/), called by a route.",
      from: { path: "^src/server/features/([^/]+)/", pathNot: TEST },
      to: { path: "^src/server/features/", pathNot: "^src/server/features/($1|people)/" },
    },
    {
      name: "feature-test-imports-feature",
      severity: "error",
      comment: "A feature's test may use another feature's fixtures (its testing.ts), nothing else of it.",
      from: { path: "^src/server/features/([^/]+)/.+[.]test[.]ts$" },
      to: { path: "^src/server/features/", pathNot: ["^src/server/features/($1|people)/", FIXTURES] },
    },
    {
      name: "feature-imports-outside-its-zone",
      severity: "error",
      comment:
        "A server feature imports only src/server/db, lib, plugins, images, mail, errors.ts, config.ts, " +
        "src/shared and npm packages (and a workflow from its routes).",
      from: { path: "^src/server/features/", pathNot: [TEST, FIXTURES] },
      to: {
        path: "^src/",
        pathNot: [...FEATURE_MAY_IMPORT, "^src/server/features/", "^src/server/workflows/"],
      },
    },
    {
      name: "feature-test-imports-outside-its-zone",
      severity: "error",
      comment: "A feature's tests and fixtures may also use src/server/test, app.ts and the demo seed.",
      from: { path: [`^src/server/features/.+${TEST}`, FIXTURES] },
      to: {
        path: "^src/",
        pathNot: [
          ...FEATURE_MAY_IMPORT,
          ...TESTS_MAY_IMPORT,
          "^src/server/features/",
          "^src/server/workflows/",
        ],
      },
    },
    {
      name: "workflow-imported-below-routes",
      severity: "error",
      comment:
        "Workflows sit above the features: a feature's routes (and app.ts) may call one; services, " +
        "presenters, plugins and the helpers below them may not.",
      from: { path: "^src/server/(features|plugins|lib|db|images|mail)/", pathNot: [ROUTES, TEST] },
      to: { path: "^src/server/workflows/" },
    },
    {
      name: "no-cycle",
      severity: "error",
      comment:
        "No import cycles in src/, type-only ones included: a cycle of types still ties two modules " +
        "into one, and the next value import across it would make it a real cycle.",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "unresolvable-import",
      severity: "error",
      comment:
        "An import that dependency-cruiser cannot resolve (say a #server/… name) is a module the rules " +
        "above would not see.",
      from: { path: "^src/" },
      // The build's own modules (scripts/catalogue-plugin.ts's compiled catalogues) are the build's to resolve.
      to: { couldNotResolve: true, pathNot: "^virtual:" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // `import type` stays in the graph, marked type-only: the feature rules count it (it still ties one
    // domain to another), the cycle rule does not.
    tsPreCompilationDeps: true,
    // #server/*, #shared/*, #web/* resolve through package.json "imports" (enhanced-resolve reads them
    // by default); npm packages through their "exports" (react-router/dom…), as Node does.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
