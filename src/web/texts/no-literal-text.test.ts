/// <reference types="node" />
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 25: every word a page shows comes from the catalogue (src/web/texts/, MSG, TALK_MSG,
 * MONEY_MSG), so it has its Bangla. A literal text in a component would stay English on a Bangla page:
 * these fail on one. JSX text is Biome's `style/noJsxLiterals` (set for src/web's components in
 * biome.json, so `npm run lint` says it too); the attributes a person reads or hears, which that rule
 * cannot tell from a class name, are looked for here.
 */

const WEB = path.resolve(import.meta.dirname, "..");
const biome = path.resolve(WEB, "../../node_modules/@biomejs/biome/bin/biome");

function components(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : components(file);
    return entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx") ? [file] : [];
  });
}

/** Attributes whose value a person reads or hears. */
const SPOKEN = /\s(aria-label|aria-description|aria-valuetext|placeholder|title|alt|label)="([^"]*)"/g;

describe("no component shows a literal text", () => {
  it("has no text between tags that is not from the catalogue (Biome's noJsxLiterals)", () => {
    const files = components(WEB);
    const run = spawnSync(
      process.execPath,
      [
        biome,
        "lint",
        "--only=style/noJsxLiterals",
        "--diagnostic-level=info",
        "--max-diagnostics=50",
        ...files,
      ],
      { encoding: "utf8" },
    );
    const output = `${run.stdout}${run.stderr}`;
    const found = output.split("\n").filter((line) => line.includes("lint/style/noJsxLiterals"));
    expect(found).toEqual([]);
    expect(output).toMatch(/Checked \d+ files?/);
  });

  it("has no literal words in the attributes a person reads or hears", () => {
    const found = components(WEB).flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(SPOKEN)]
        .filter(([, , value]) => /\p{L}/u.test(value!))
        .map(([match]) => `${path.relative(WEB, file)}:${match!.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
