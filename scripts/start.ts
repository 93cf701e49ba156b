/**
 * `npm start`: build the web app when the build is missing or older than its sources, and run the
 * server in this same process (so SIGINT/SIGTERM reach it directly). The build is a child process
 * running beside the server's own start (database, demo data); the server listens once both are done.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// Where the server serves the web app from (WEB_DIST_DIR, as src/server/config.ts reads it).
const webDist = path.resolve(process.env.WEB_DIST_DIR || "dist/web");
const builtIndex = path.join(webDist, "index.html");
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
let webBuild: { built: "first" | "rebuilt"; done: Promise<number> } | undefined;
if (builtAt < sourcesAt) {
  console.log(
    builtAt ? "Web sources changed: rebuilding the web app…" : "Building the web app (first start)…",
  );
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const started = performance.now();
  // The default folder is ours and emptied first (no stale files); a WEB_DIST_DIR elsewhere may hold
  // someone else's files, which a build must never delete: there the new files only overwrite.
  const ours = webDist === path.join(root, "dist/web");
  const args = [
    vite,
    "build",
    "--logLevel",
    "warn",
    "--outDir",
    webDist,
    ...(ours ? [] : ["--no-emptyOutDir"]),
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: "inherit",
    // Always the production build (a NODE_ENV=development shell would compile JSX for React's
    // development runtime, which the server renderer's production React does not have).
    env: { ...process.env, NODE_ENV: "production" },
  });
  // A server that fails to start exits without waiting for the build.
  process.once("exit", () => child.kill());
  webBuild = {
    built: builtAt ? "rebuilt" : "first",
    done: new Promise((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code, signal) => {
        if (code === 0) resolve(performance.now() - started);
        else reject(new Error(`The web app's build failed (${signal ?? `exit code ${code}`}).`));
      });
    }),
  };
  // Awaited by main; this only keeps a failure before then from being reported as unhandled.
  webBuild.done.catch(() => {});
}

const { main } = await import("../src/server/main.ts");
await main({ webBuild });
