import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Database, openDatabase } from "#server/db/client.ts";
import { freshPostgresUrl, testDbKind } from "./app.ts";
import { freePort } from "./free-port.ts";
import type { LogLine } from "./logs.ts";

/** The repository root: child processes run from there, as `npm run …` would. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Variables loadConfig reads: a child gets only the ones a test gives it, never the runner's. */
const CONFIG_VARS = [
  "HOST",
  "PORT",
  "PUBLIC_URL",
  "DATA_DIR",
  "DATABASE_URL",
  "SEED_DEMO",
  "SESSION_SECRET",
  "REDIS_URL",
  "TRUST_PROXY",
  "LOG_LEVEL",
  "PAYMENT_PROVIDER",
  "RATE_LIMIT_AUTH_MAX",
  "RATE_LIMIT_AUTH_WINDOW_SECONDS",
];

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "test" };
  for (const key of CONFIG_VARS) delete base[key];
  return { ...base, ...env };
}

const children = new Set<ChildProcess>();

/** Kills (SIGKILL) every child a test started that is still running, and waits for each to go. */
export async function killChildren(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  );
  children.clear();
}

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

export type Exit = { code: number | null; stdout: string; stderr: string };

/** Runs `node --import tsx <script> …args` to its end. */
export function runNode(script: string, args: string[], env: Record<string, string>): Promise<Exit> {
  const child = track(
    spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, env: childEnv(env) }),
  );
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

export { freePort } from "./free-port.ts";

export type Server = {
  url: string;
  child: ChildProcess;
  /** Every JSON log line so far, in order. */
  logs: LogLine[];
  stderr(): string;
  /**
   * Resolves with the first matching log line at index `from` or later (already logged or still
   * to come); rejects if the process exits first.
   */
  waitForLog(match: (line: LogLine) => boolean, what: string, from?: number): Promise<LogLine>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
};

const STARTUP_LIMIT_MS = 90_000;

/** Starts the real server entry (src/server/main.ts, or `npm start`'s script) and resolves once it says it is running. */
export async function startServer(
  env: Record<string, string>,
  script: "src/server/main.ts" | "scripts/start.ts" = "src/server/main.ts",
): Promise<Server> {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, ["--import", "tsx", script], {
      cwd: ROOT,
      env: childEnv({ HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "info", ...env }),
    }),
  );
  const logs: LogLine[] = [];
  const waiters = new Set<{ match: (l: LogLine) => boolean; resolve: (l: LogLine) => void }>();
  let stderr = "";
  let buffered = "";
  child.stdout!.on("data", (d: Buffer) => {
    buffered += d.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const text of lines) {
      if (!text.trim()) continue;
      let line: LogLine;
      try {
        line = JSON.parse(text);
      } catch {
        line = { msg: text };
      }
      logs.push(line);
      for (const w of waiters) {
        if (w.match(line)) {
          waiters.delete(w);
          w.resolve(line);
        }
      }
    }
  });
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const waitForLog = (match: (line: LogLine) => boolean, what: string, from = 0) => {
    const seen = logs.slice(from).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<LogLine>((resolve, reject) => {
      const waiter = { match, resolve };
      waiters.add(waiter);
      void exited.then((code) => {
        if (!waiters.has(waiter)) return;
        waiters.delete(waiter);
        reject(
          new Error(`server exited (${code}) before logging ${what}\n${stderr}\n${JSON.stringify(logs)}`),
        );
      });
    });
  };

  const server = { url: `http://127.0.0.1:${port}`, child, logs, stderr: () => stderr, waitForLog, exited };
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      waitForLog((l) => typeof l.msg === "string" && l.msg.startsWith("MotoHaat is running"), "that it runs"),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`server did not start within ${STARTUP_LIMIT_MS} ms\n${stderr}`)),
          STARTUP_LIMIT_MS,
        );
      }),
    ]);
  } catch (err) {
    child.kill("SIGKILL");
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return server;
}

/**
 * Where a child process keeps its data: DATA_DIR always (images, and PGlite in `<dir>/db`), plus a
 * fresh DATABASE_URL when the suite runs on PostgreSQL. `open` opens the same database in the test.
 */
export type ChildDatabase = {
  env: Record<string, string>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
};

export async function childDatabase(dataDir: string): Promise<ChildDatabase> {
  if (testDbKind === "postgres") {
    const fresh = await freshPostgresUrl();
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: fresh.url },
      open: () => openDatabase({ url: fresh.url, dataDir: "" }),
      dispose: () => fresh.drop(),
    };
  }
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir: path.join(dataDir, "db") }),
    dispose: async () => {},
  };
}
