/**
 * A MotoHaat cluster on this machine, every part a real process: a fresh database on the PostgreSQL
 * server, Redis, an S3-protocol server (fauxqs, its own process), an SMTP server that keeps what it
 * receives, N app nodes (`node --import tsx src/server/main.ts`, production mode, photos in the bucket)
 * and Debian's nginx in front of them, round-robin with no sticky sessions, configured by the very
 * file the production guide gives (deploy/nginx/motohaat.conf). Used by `npm run test:cluster`
 * (scripts/cluster/run.ts).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../src/server/test/free-port.ts";
import { type MailCatcher, startMailCatcher } from "../../src/server/test/mail-catcher.ts";
import { createScratchDatabase } from "../../src/server/test/scratch-database.ts";

const root = path.resolve(import.meta.dirname, "../..");
export const NGINX_SITE = path.join(root, "deploy/nginx/motohaat.conf");
const BUCKET = "motohaat-images";
/** Seeding the demo catalogue into the bucket on a busy two-core machine. */
const READY_WITHIN_MS = 240_000;

export type ClusterOptions = {
  nodes: number;
  /** The built web app the nodes serve (scripts/demo-server.ts buildWeb). */
  webDir: string;
  pgServerUrl?: string;
  redisUrl?: string;
};

export type AppNode = {
  name: string;
  port: number;
  /** `127.0.0.1:<port>`, as nginx writes it in $upstream_addr. */
  address: string;
  pid(): number | undefined;
  running(): boolean;
  start(): Promise<void>;
  /** SIGTERM and wait for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no drain, no clean-up, as a crashed machine. */
  kill(): Promise<void>;
};

export type Cluster = {
  /** The proxy's origin: what browsers and the load use. */
  url: string;
  nodes: AppNode[];
  databaseUrl: string;
  mail: MailCatcher;
  /** Where each mail is also written as an .eml file (E2E_MAIL_DIR for the browser journeys). */
  mailDir: string;
  /** nginx's access log: one `<upstream_addr> <status> <method> <uri>` line per request. */
  accessLog: string;
  logDir: string;
  /** Writes motohaat-nodes.conf with these nodes marked `down` and reloads nginx (a graceful reload). */
  setDown(down: AppNode[]): Promise<void>;
  stop(): Promise<void>;
};

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  withinMs: number,
  gone?: () => string | undefined,
) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const why = gone?.();
    if (why) throw new Error(`${what}: ${why}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not within ${withinMs / 1000} s`);
}

const answers = (url: string) => async () => (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const nodeBinary = process.execPath;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "motohaat-cluster-"));
  // nginx's workers (user nobody when started as root) write request bodies under it.
  fs.chmodSync(work, 0o755);
  const logDir = path.join(work, "logs");
  const mailDir = path.join(work, "mail");
  fs.mkdirSync(logDir);
  fs.mkdirSync(mailDir);
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(work, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {});
  };

  try {
    const database = await createScratchDatabase(
      options.pgServerUrl ?? "postgres://postgres@127.0.0.1:5432/postgres",
      "motohaat_cluster",
    );
    cleanups.push(() => database.drop());

    // The S3-protocol server in a process of its own, the bucket made at its start.
    const s3Port = await freePort();
    const init = path.join(work, "fauxqs.json");
    fs.writeFileSync(init, JSON.stringify({ buckets: [BUCKET] }));
    const s3 = spawn(process.execPath, [path.join(root, "node_modules/fauxqs/dist/cli.js")], {
      env: {
        ...process.env,
        FAUXQS_PORT: String(s3Port),
        FAUXQS_HOST: "127.0.0.1",
        FAUXQS_LOGGER: "false",
        FAUXQS_INIT: init,
      },
      stdio: [
        "ignore",
        fs.openSync(path.join(logDir, "s3.log"), "a"),
        fs.openSync(path.join(logDir, "s3.log"), "a"),
      ],
    });
    ownProcess(s3);
    cleanups.push(() => stopProcess(s3));
    const s3Url = `http://127.0.0.1:${s3Port}`;
    await waitFor(
      "the S3 server",
      async () => (await fetch(`${s3Url}/${BUCKET}`)).status < 500,
      30_000,
      () => (s3.exitCode !== null ? `exited (${s3.exitCode})` : undefined),
    );

    const mail = await startMailCatcher({
      onMessage: (raw) => {
        const file = path.join(mailDir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
        fs.writeFileSync(`${file}.part`, raw);
        fs.renameSync(`${file}.part`, file);
      },
    });
    cleanups.push(() => mail.close());

    const proxyPort = await freePort();
    const url = `http://127.0.0.1:${proxyPort}`;
    const { DATABASE_URL: _db, ...inherited } = process.env;
    const sharedEnv: NodeJS.ProcessEnv = {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DATABASE_URL: database.url,
      REDIS_URL: options.redisUrl ?? "redis://127.0.0.1:6379",
      IMAGE_STORE: "s3",
      S3_ENDPOINT: s3Url,
      S3_REGION: "us-east-1",
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: "motohaat-cluster",
      S3_SECRET_ACCESS_KEY: "motohaat-cluster-secret",
      SMTP_URL: mail.url,
      WEB_DIST_DIR: options.webDir,
      TRUST_PROXY: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      ALLOW_DEMO_IN_PRODUCTION: "true",
      // As the single-server browser tests: the demo admin signs in with a password alone, and every
      // journey comes from one address, whose real limits the server tests cover.
      REQUIRE_ADMIN_MFA: "false",
      RATE_LIMIT_AUTH_MAX: "100000",
      RATE_LIMIT_UPLOAD_MAX: "100000",
      MESSAGES_PER_MINUTE: "100000",
      CONVERSATIONS_PER_HOUR: "100000",
      // Short periods, so that a stopped node's due work is seen done by the others within seconds;
      // the lease longer than the load's hold on mail (scripts/cluster/load.ts), so that only the
      // killed node's claims run out.
      SWEEP_INTERVAL_SECONDS: "2",
      OUTBOX_POLL_MS: "200",
      OUTBOX_LEASE_SECONDS: "15",
      OUTBOX_RETRY_BASE_SECONDS: "1",
    };

    const nodes: AppNode[] = [];
    for (let i = 1; i <= options.nodes; i++) {
      const port = await freePort();
      const dataDir = path.join(work, `node-${i}`);
      fs.mkdirSync(dataDir);
      nodes.push(
        appNode(
          `node-${i}`,
          port,
          nodeBinary,
          { ...sharedEnv, PORT: String(port), DATA_DIR: dataDir },
          logDir,
        ),
      );
    }
    cleanups.push(async () => {
      await Promise.all(nodes.map((n) => n.stop()));
    });
    // The first node alone migrates the new database and seeds the demo into it and the bucket; the
    // others then start together (their migrations and seed find everything done).
    await nodes[0]!.start();
    await Promise.all(nodes.slice(1).map((n) => n.start()));

    // nginx: a main config of the test's own (paths, log format) that includes the production site file.
    const nginxDir = path.join(work, "nginx");
    fs.mkdirSync(nginxDir);
    const accessLog = path.join(logDir, "nginx-access.log");
    const nodesConf = path.join(nginxDir, "motohaat-nodes.conf");
    const writeNodes = (down: AppNode[]) =>
      fs.writeFileSync(
        nodesConf,
        nodes
          .map((n) => `server ${n.address} max_fails=1 fail_timeout=5s${down.includes(n) ? " down" : ""};\n`)
          .join(""),
      );
    writeNodes([]);
    fs.writeFileSync(path.join(nginxDir, "motohaat-listen.conf"), `listen 127.0.0.1:${proxyPort};\n`);
    fs.writeFileSync(
      path.join(nginxDir, "nginx.conf"),
      [
        process.getuid?.() === 0 ? "user root;" : "",
        "worker_processes 1;",
        `pid ${path.join(nginxDir, "nginx.pid")};`,
        `error_log ${path.join(logDir, "nginx-error.log")} warn;`,
        "events { worker_connections 4096; }",
        "http {",
        "  log_format upstream '$upstream_addr $status $request_method $uri';",
        `  access_log ${accessLog} upstream;`,
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
          (t) => `  ${t}_temp_path ${path.join(nginxDir, `${t}_temp`)};`,
        ),
        `  include ${NGINX_SITE};`,
        "}",
        "",
      ].join("\n"),
    );
    const nginxArgs = ["-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf")];
    execFileSync(nginxBinary(), [...nginxArgs, "-t", "-q"], { stdio: "inherit" });
    const nginx = spawn(nginxBinary(), [...nginxArgs, "-g", "daemon off;"], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    ownProcess(nginx, "SIGTERM");
    // SIGTERM: nginx's fast shutdown (its master ends its workers; SIGKILL would orphan them).
    cleanups.push(() => stopProcess(nginx));
    await waitFor("nginx", answers(`${url}/api/health/ready`), 30_000, () =>
      nginx.exitCode !== null ? `exited (${nginx.exitCode})` : undefined,
    );

    return {
      url,
      nodes,
      databaseUrl: database.url,
      mail,
      mailDir,
      accessLog,
      logDir,
      async setDown(down) {
        const before = workersOf(nginx.pid!);
        writeNodes(down);
        execFileSync(nginxBinary(), [...nginxArgs, "-s", "reload"], { stdio: "pipe" });
        // The reload is asynchronous: done once every worker from before has stopped taking
        // connections (it exits, or says "is shutting down" while it finishes an open stream).
        await waitFor(
          "nginx's reload",
          async () => {
            const now = workersOf(nginx.pid!);
            return (
              now.some((w) => !before.some((b) => b.pid === w.pid)) &&
              before.every((b) => !now.some((w) => w.pid === b.pid && !w.title.includes("shutting down")))
            );
          },
          30_000,
        );
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** nginx's worker processes (Linux's /proc): their pids and process titles. */
function workersOf(masterPid: number): { pid: number; title: string }[] {
  const workers: { pid: number; title: string }[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== masterPid) continue;
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      if (title.includes("worker process")) workers.push({ pid: Number(entry), title });
    } catch {
      // Gone meanwhile.
    }
  }
  return workers;
}

function nginxBinary(): string {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"])
    if (fs.existsSync(candidate)) return candidate;
  throw new Error("nginx is not installed: apt-get install -y nginx (Debian's package)");
}

function appNode(
  name: string,
  port: number,
  nodeBinary: string,
  env: NodeJS.ProcessEnv,
  logDir: string,
): AppNode {
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  const log = path.join(logDir, `${name}.log`);
  const node: AppNode = {
    name,
    port,
    address: `127.0.0.1:${port}`,
    pid: () => child?.pid,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async start() {
      const out = fs.openSync(log, "a");
      child = spawn(nodeBinary, ["--import", "tsx", "src/server/main.ts"], {
        cwd: root,
        env,
        stdio: ["ignore", out, out],
      });
      fs.closeSync(out);
      ownProcess(child);
      const started = child;
      exited = new Promise((resolve) => started.once("exit", (code) => resolve(code)));
      await waitFor(`${name}`, answers(`http://${node.address}/api/health/ready`), READY_WITHIN_MS, () =>
        started.exitCode !== null ? `exited (${started.exitCode}); see ${log}` : undefined,
      );
    },
    async stop() {
      if (!node.running()) return child?.exitCode ?? null;
      child!.kill("SIGTERM");
      const timer = setTimeout(() => child?.kill("SIGKILL"), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async kill() {
      if (!node.running()) return;
      child!.kill("SIGKILL");
      await exited;
    },
  };
  return node;
}

/**
 * Processes this one started: should it end before stopping them (a crash, an uncaught error), they
 * are ended with it instead of staying on, holding ports and the database.
 */
const owned = new Map<ChildProcess, NodeJS.Signals>();
process.once("exit", () => {
  for (const [child, signal] of owned)
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
});
function ownProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGKILL") {
  owned.set(child, signal);
  child.once("exit", () => owned.delete(child));
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
