/**
 * Run by `npm run lint:deps` (part of `npm run lint`): dependency-cruiser over src/ with the rules in
 * .dependency-cruiser.cjs (no server feature imports another, workflows above the features, no cycles).
 *
 * dependency-cruiser 17 reads .ts and .tsx with the JavaScript API of the package named `typescript`, and
 * only below version 7. Ours is TypeScript 7, the native compiler, which has no such API: left alone,
 * dependency-cruiser skips every .ts file and reports "no dependency violations found (1 modules)".
 * So TypeScript 6 is installed under scripts/typescript-6 (a package of its own, so that npm nests it
 * there and the project's `tsc` stays 7), and dependency-cruiser's own `typescript` is sent there:
 * its require() through Module._resolveFilename, its import() through a module.register() hook. Nothing
 * else is redirected. The check then fails unless every .ts/.tsx file in src/ was read.
 */
import fs from "node:fs";
import Module, { createRequire, register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOTS = ["src"];
const CONFIG = "./.dependency-cruiser.cjs";
const FROM_CRUISER = /[\\/]node_modules[\\/]dependency-cruiser[\\/]/;

/** TypeScript 6's folder and main file, or null when it is not installed (then the check below fails). */
function findTypescript6(): { dir: string; main: string } | null {
  try {
    const require6 = createRequire(path.resolve("scripts/typescript-6/package.json"));
    return {
      dir: path.dirname(require6.resolve("typescript/package.json")),
      main: require6.resolve("typescript"),
    };
  } catch {
    return null;
  }
}

const typescript6 = findTypescript6();
if (typescript6) {
  type ResolveFilename = (
    request: string,
    parent?: { filename?: string | null },
    ...rest: unknown[]
  ) => string;
  const cjs = Module as unknown as { _resolveFilename: ResolveFilename };
  const resolveFilename = cjs._resolveFilename;
  cjs._resolveFilename = function (this: unknown, request, parent, ...rest) {
    const fromCruiser = FROM_CRUISER.test(parent?.filename ?? "");
    const redirected =
      fromCruiser && (request === "typescript" || request.startsWith("typescript/"))
        ? typescript6.dir + request.slice("typescript".length)
        : request;
    return resolveFilename.call(this, redirected, parent, ...rest);
  };
  const hooks = `
    let target;
    export function initialize(data) { target = data.target; }
    export async function resolve(specifier, context, next) {
      if (specifier === "typescript" && ${FROM_CRUISER}.test(context.parentURL ?? "")) {
        return { url: target, shortCircuit: true };
      }
      return next(specifier, context);
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
    data: { target: pathToFileURL(typescript6.main).href },
  });
}

const { cruise, getAvailableTranspilers } = await import("dependency-cruiser");
const { default: extractDepcruiseConfig } = await import(
  "dependency-cruiser/config-utl/extract-depcruise-config"
);

const typescript = getAvailableTranspilers().find((t) => t.name === "typescript");
if (!typescript?.available) {
  console.error(
    `dependency-cruiser cannot read TypeScript (it supports ${typescript?.version}): run npm ci, which ` +
      "installs TypeScript 6 under scripts/typescript-6.",
  );
  process.exit(1);
}

const ruleSet = await extractDepcruiseConfig(CONFIG);
const { output } = await cruise(ROOTS, { validate: true, ruleSet });
if (typeof output === "string") throw new Error("dependency-cruiser returned a report, not a result");

/** Every source file must have been read: a file the parser skipped is a file no rule saw. */
const read = new Set(output.modules.map((m) => m.source));
const sources = ROOTS.flatMap((root) =>
  fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((file) => `${root}/${file.split(path.sep).join("/")}`),
).filter((file) => /\.tsx?$/.test(file));
const missed = sources.filter((file) => !read.has(file));
if (missed.length > 0) {
  console.error(`dependency-cruiser did not read ${missed.length} of ${sources.length} files:`);
  for (const file of missed.slice(0, 20)) console.error(`  ${file}`);
  process.exit(1);
}

/** The violations, grouped by rule with its reason; a cycle shown whole, once. */
const { violations, error, totalCruised, totalDependenciesCruised } = output.summary;
const comments = new Map(ruleSet.forbidden?.map((rule) => [rule.name, rule.comment]));
for (const name of new Set(violations.map((v) => v.rule.name))) {
  console.error(`\n${name}: ${comments.get(name) ?? ""}`);
  for (const v of violations.filter((w) => w.rule.name === name)) {
    const chain = v.cycle ? [v.from, ...v.cycle.map((step) => step.name)] : [v.from, v.to];
    console.error(`  ${chain.join(" → ")}`);
  }
}
const counted = `${totalCruised} modules, ${totalDependenciesCruised} imports read`;
if (error > 0) {
  console.error(
    `\n${violations.length} forbidden imports (${counted}); .dependency-cruiser.cjs has the rules.`,
  );
  process.exit(1);
}
console.log(`No forbidden imports (${counted}).`);
