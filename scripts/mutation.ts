/**
 * `npm run test:mutation [-- <file>… [--option value]…]`: StrykerJS on the files given, or on those
 * of stryker.config.mjs; options override the config's (`-- --concurrency 2`, `-- --incremental`).
 *
 * StrykerJS 10 declares Node ≥ 22 and its command line refuses to start on the Node 20 we support,
 * although it runs there: this calls its Stryker class (read from its files, past the package's
 * entry that holds the check) with the config file's options, as its command line would.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PartialStrykerOptions } from "@stryker-mutator/api/core";

const root = path.resolve(import.meta.dirname, "..");

/** Options that are lists even when given one value. */
const LISTS = new Set(["testFiles", "mutate", "reporters", "plugins"]);

function parse(args: string[]): PartialStrykerOptions {
  const options: Record<string, unknown> = {};
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) {
      files.push(arg);
      continue;
    }
    const next = args[i + 1];
    let value = "true";
    if (next !== undefined && !next.startsWith("--")) {
      value = next;
      i++;
    }
    // As Stryker's command line: `--testFiles a.ts,b.ts` is a list (also with one file),
    // `--concurrency 2` a number.
    const name = arg.slice(2);
    if (LISTS.has(name)) {
      options[name] = value.split(",");
      continue;
    }
    options[name] =
      value === "true"
        ? true
        : value === "false"
          ? false
          : Number(value) || (value.includes(",") ? value.split(",") : value);
  }
  if (files.length) options.mutate = files;
  return options;
}

const { Stryker } = (await import(
  pathToFileURL(path.join(root, "node_modules/@stryker-mutator/core/dist/src/stryker.js")).href
)) as typeof import("@stryker-mutator/core");

process.chdir(root);
const results = await new Stryker(parse(process.argv.slice(2))).runMutationTest();
console.log(`${results.length} mutants`);
