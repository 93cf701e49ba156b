/**
 * `npm run bench:startup`: how long `npm start` takes on a fresh clone to its first healthy answer
 * (`GET /api/health` → 200), then on a second start of the same clone.
 *
 * Clones this repository's HEAD (committed work only) into a temporary folder, installs its
 * dependencies with `npm ci` (or, with `--link`, symlinks this checkout's node_modules: saves the
 * install, changes nothing the start does, since npm ci leaves no build output behind), then runs
 * `npm start` twice with the clone's own TMPDIR (so tsx's transform cache starts cold too). Each
 * start is timed from the spawn of `npm start` to the first 200 from /api/health, polled every 50 ms;
 * then the server is stopped with SIGTERM. Prints both figures, the CPU time the start used (all its
 * processes, up to their exit: steadier than the wall time on a busy machine), the server's own
 * one-line summary and the load average, and exits 1 when a start is over its target.
 *
 *   npm run bench:startup                 # npm ci in the clone (the real first-start experience)
 *   npm run bench:startup -- --link       # node_modules symlinked from this checkout
 *   npm run bench:startup -- --keep       # leave the clone in place (its path is printed)
 *   npm run bench:startup -- --at e9f0ba5 # another commit than HEAD (a before/after comparison)
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "#server/test/free-port.ts";

const TARGET_FIRST_S = 15;
const TARGET_SECOND_S = 3;
const GIVE_UP_S = 180;

const root = path.resolve(import.meta.dirname, "..");
const link = process.argv.includes("--link");
const keep = process.argv.includes("--keep");
const atIndex = process.argv.indexOf("--at");
const at = atIndex > 0 ? process.argv[atIndex + 1] : undefined;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

type Start = { seconds: number; cpuSeconds: number; summary: string; loadBefore: string };

/**
 * CPU time (user + system) of this process's children that have ended and been waited for, and of
 * theirs: npm, its shell, node and the web build's node, whatever else the machine runs meanwhile.
 */
function childrenCpuSeconds(): number {
  const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  // cutime and cstime, fields 16 and 17 of proc(5), counted from the state (field 3) here.
  const ticks = Number(fields[13]) + Number(fields[14]);
  return ticks / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));
}

/** `npm start` in `dir` until /api/health answers 200; then SIGTERM and wait for the exit. */
async function timeStart(dir: string, tmp: string): Promise<Start> {
  const port = await freePort();
  const loadBefore = load();
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    cwd: dir,
    // The clone's defaults (DATA_DIR ./data, PGlite), on a port of our own; nothing from this shell's config.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: tmp,
      HOST: "127.0.0.1",
      PORT: String(port),
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      resolve();
    }),
  );

  let seconds = 0;
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`npm start exited (${exitCode}) before answering:\n${output}`);
    seconds = (performance.now() - started) / 1000;
    if (seconds > GIVE_UP_S) {
      process.kill(-child.pid!, "SIGKILL");
      throw new Error(`no healthy answer within ${GIVE_UP_S} s:\n${output}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) {
      seconds = (performance.now() - started) / 1000;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The server itself (pino logs its pid), so npm and its shell end in their turn and are waited for,
  // which counts the server's CPU time in ours; the whole group if it did not say.
  const findSummary = () =>
    output
      .split("\n")
      .map((line) => {
        try {
          return JSON.parse(line) as { msg?: string; pid?: number };
        } catch {
          return {};
        }
      })
      .find((line) => line.msg?.startsWith("MotoHaat is running"));
  // It is logged just after the server listens, so it may trail the first answer a little.
  let summaryLine = findSummary();
  for (let waited = 0; !summaryLine && waited < 5_000 && exitCode === undefined; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    summaryLine = findSummary();
  }
  if (summaryLine?.pid) process.kill(summaryLine.pid, "SIGTERM");
  else process.kill(-child.pid!, "SIGTERM");
  await exited;
  // Up to the exit: the shutdown is a small part of it.
  const cpuSeconds = childrenCpuSeconds() - cpuBefore;
  const summary = summaryLine?.msg ?? "(no summary line)";
  return { seconds, cpuSeconds, summary, loadBefore };
}

const clone = fs.mkdtempSync(path.join(os.tmpdir(), "motohaat-startup-"));
const dir = path.join(clone, "repo");
const tmp = path.join(clone, "tmp");
fs.mkdirSync(tmp);
let failed = false;
try {
  const rev = execFileSync("git", ["rev-parse", "--short", at ?? "HEAD"], {
    cwd: root,
    encoding: "utf8",
  }).trim();
  console.log(`clone of ${rev} in ${dir}`);
  execFileSync("git", ["clone", "-q", root, dir]);
  if (at) execFileSync("git", ["checkout", "-q", rev], { cwd: dir });
  if (link) {
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
    console.log("node_modules: symlinked from this checkout (--link)");
  } else {
    const t = performance.now();
    try {
      execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
        cwd: dir,
        stdio: "inherit",
      });
    } catch {
      throw new Error("npm ci failed in the clone (its output is above); --link skips the install");
    }
    console.log(`node_modules: npm ci, ${((performance.now() - t) / 1000).toFixed(1)} s (not counted)`);
  }

  const runs: [string, number, Start][] = [];
  for (const [name, target] of [
    ["first start", TARGET_FIRST_S],
    ["second start", TARGET_SECOND_S],
  ] as const) {
    runs.push([name, target, await timeStart(dir, tmp)]);
  }
  console.log();
  for (const [name, target, run] of runs) {
    const verdict = run.seconds <= target ? "ok" : "OVER TARGET";
    if (run.seconds > target) failed = true;
    console.log(
      `${name.padEnd(13)} ${run.seconds.toFixed(1).padStart(5)} s  (target ${target} s, ${verdict}; ${run.cpuSeconds.toFixed(1)} CPU-s; load average before: ${run.loadBefore})`,
    );
    console.log(`  ${run.summary}`);
  }
  console.log(`load average now: ${load()} on ${os.availableParallelism()} cores`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  failed = true;
} finally {
  if (keep) console.log(`kept ${clone}`);
  else fs.rmSync(clone, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
