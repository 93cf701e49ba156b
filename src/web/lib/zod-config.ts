// Zod compiles fast object parsers with `new Function` after probing whether eval is allowed. Our CSP
// refuses 'unsafe-eval' (rightly), and the browser logs the caught probe as a CSP violation on every
// page that parses. jitless skips both the probe and the compiled parsers; parsing stays correct.
//
// Set through the global object zod reads its settings from (zod/v4/core keeps `globalConfig` there so
// that several copies agree), not through `config()`: importing zod here would put ~3.5 KB gzip of it
// into every page's first load, and the browser parses only in forms that load later (issue 12).
// Imported first by main.tsx so it is set before any schema runs; zod-config.test.ts checks zod sees it.

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// Onto the object zod may already hold (it keeps the one it found when it loaded), never a new one.
globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;

export {};
