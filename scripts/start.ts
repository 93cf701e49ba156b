/**
 * `npm start`: build the web app when the build is missing or older than its sources, then run the
 * server in this same process (so SIGINT/SIGTERM reach it directly).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtIndex = path.join(root, "dist/web/index.html");
const sources = ["src/web", "src/shared", "vite.config.ts", "package-lock.json"].map((p) =>
  path.join(root, p),
);

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(
    builtAt ? "Web sources changed: rebuilding the web app…" : "Building the web app (first start)…",
  );
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const result = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../src/server/main.ts");
