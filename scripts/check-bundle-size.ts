/**
 * The first-load budget of issue 12, run by `npm run lint`: the JavaScript a browser must download to
 * render `/`, a category page and a bike's page — the entry chunk, everything it imports, and the
 * page's lazily loaded route modules with theirs — is at most BUDGET_KB gzip each. Builds the app into
 * a scratch folder with Vite's manifest and reads the chunk graph from it; bytes are deterministic, so
 * this is a check, not a timing. It also caps the number of files (MAX_FILES). `--verbose` lists every chunk of each page.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Issue 12 set 100 KB in 8 files, on Preact; issue 21 moved it to 101 KB in 9 (ratings on every card,
 * the talk entry points on a bike's page). Issue 22 put React back in the browser (decision 025):
 * react-dom 19 costs ~59 KB gzip more than preact/compat, and the issue sets the budget at what React
 * costs, at most 165 KB on `/` (155.2 KB there, 159.8 KB on a bike's page when it moved). What makes
 * up for it is the same issue's server rendering: the page is read before this JavaScript runs.
 */
const BUDGET_KB = 165;
/** Each file is a round trip on a phone (six at a time over HTTP/1.1): vite.config.ts groups chunks to stay under this. */
const MAX_FILES = 9;

/**
 * A page in Bangla also loads FormatJS's runtime before it hydrates (src/web/lib/i18n.tsx; its messages
 * come inside the page's HTML): one more file, fetched beside the page's route modules, within the same
 * budget of bytes (issue 25: the first-load budget holds in both languages).
 */
const BANGLA_RUNTIME = "../shared/i18n/message-format.ts";

/** Each page and the route modules the router loads for it (src/web/router.tsx), relative to src/web. */
const PAGES: { page: string; routes: string[] }[] = [
  { page: "/", routes: ["app/home-route.tsx"] },
  {
    page: "/products/:category",
    routes: ["features/listings/listings-layout.tsx", "features/listings/category-page.tsx"],
  },
  {
    page: "/products/productdetails/:id",
    routes: ["features/listings/listings-layout.tsx", "app/listing-details-route.tsx"],
  },
];

type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, Chunk>;

const root = path.resolve(import.meta.dirname, "..");
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "motohaat-bundle-size-"));
try {
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const build = spawnSync(
    process.execPath,
    [vite, "build", "--logLevel", "error", "--manifest", "--sourcemap", "true", "--outDir", outDir],
    { cwd: root, stdio: "inherit" },
  );
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status ?? build.signal})`);
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;

  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  /**
   * A route module that vite.config.ts groups into a shared chunk (the list's layout into `browse`) has
   * no manifest entry of its own: it is found in the chunk whose source map holds it.
   */
  const chunkOf = (source: string): string | undefined => {
    if (manifest[source]) return source;
    const suffix = `/src/web/${source}`;
    return Object.keys(manifest).find((key) => {
      const map = path.join(outDir, `${manifest[key]!.file}.map`);
      if (!manifest[key]!.file.endsWith(".js") || !fs.existsSync(map)) return false;
      return (JSON.parse(fs.readFileSync(map, "utf8")) as { sources: string[] }).sources.some((s) =>
        s.endsWith(suffix),
      );
    });
  };
  /** A chunk and every chunk it imports statically: what the browser fetches before running it. */
  const closure = (source: string, into: Set<string>) => {
    const key = chunkOf(source);
    if (key === undefined)
      throw new Error(`${source} is not in the build: update PAGES in ${import.meta.filename}`);
    if (into.has(key)) return;
    const chunk = manifest[key]!;
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };

  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  let failed = false;
  for (const { page, routes } of PAGES) {
    for (const bangla of [false, true]) {
      const keys = new Set<string>();
      closure(entries[0]!, keys);
      for (const route of routes) closure(route, keys);
      if (bangla) closure(BANGLA_RUNTIME, keys);
      const maxFiles = MAX_FILES + (bangla ? 1 : 0);
      const files = [...keys].map((key) => ({
        file: manifest[key]!.file,
        size: sizeOf(manifest[key]!.file),
      }));
      const totalKb = files.reduce((sum, f) => sum + f.size, 0) / 1000;
      const over = totalKb > BUDGET_KB || files.length > maxFiles;
      failed ||= over;
      console.log(
        `${over ? "OVER BUDGET" : "ok"} ${page}${bangla ? " in Bangla" : ""}: ${totalKb.toFixed(1)} KB gzip of JavaScript in ${files.length} files (budget ${BUDGET_KB} KB in ${maxFiles} files)`,
      );
      if (over || process.argv.includes("--verbose")) {
        for (const f of files.sort((a, b) => b.size - a.size).slice(0, 12)) {
          console.log(`  ${(f.size / 1000).toFixed(1).padStart(6)} KB  ${f.file}`);
        }
      }
    }
  }
  if (failed) {
    console.error(
      "The first load grew past its budget (issue 12): load the new code when it is needed (React.lazy, a route's lazy()), keep zod and react-hook-form out of what a page imports before its first render, and group small shared modules into one chunk (codeSplitting in vite.config.ts) rather than a file each.",
    );
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
