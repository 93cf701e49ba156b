import { config } from "zod/v4/core";

// Zod compiles fast object parsers with `new Function` after probing whether eval is allowed. Our CSP
// refuses 'unsafe-eval' (rightly), and the browser logs the caught probe as a CSP violation on every
// page that parses. jitless skips both the probe and the compiled parsers; parsing stays correct.
// Imported first by main.tsx so it is set before any schema runs.
config({ jitless: true });
