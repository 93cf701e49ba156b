/**
 * `npm run test:cluster` (issue 24): starts a cluster of real processes (scripts/cluster/cluster.ts:
 * a fresh PostgreSQL database, Redis, an S3-protocol server, SMTP, three app nodes, nginx), runs the
 * browser journeys through the proxy (e2e/cluster.config.ts), checks from nginx's log that every node
 * answered and that photos were found on every node, then runs the rolling restart and kill -9 under
 * load (scripts/cluster/load.ts), which prints its counts. Exits non-zero when any of it fails.
 *
 * Everything runs on the Node.js that runs this (CI runs it again on Node 24, first on its PATH).
 * CLUSTER_PG_URL and CLUSTER_REDIS_URL name the servers (default: 127.0.0.1, as the README's machine).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { buildWeb } from "../demo-server.ts";
import { type Cluster, startCluster } from "./cluster.ts";
import { runLoad } from "./load.ts";

const NODES = 3;
const root = path.resolve(import.meta.dirname, "../..");
const started = Date.now();
const say = (line: string) => console.log(`[cluster ${Math.round((Date.now() - started) / 1000)} s] ${line}`);

say(`building the web app; everything runs on Node ${process.version}`);
const webDir = buildWeb("motohaat-cluster-web-");
let ok = false;
try {
  const cluster = await startCluster({
    nodes: NODES,
    webDir,
    pgServerUrl: process.env.CLUSTER_PG_URL,
    redisUrl: process.env.CLUSTER_REDIS_URL,
  });
  try {
    say(`${NODES} nodes behind nginx at ${cluster.url}`);
    ok = await testCluster(cluster);
  } finally {
    if (!ok) {
      // The nodes', nginx's and the S3 server's logs, kept for a look (the rest goes with the cluster).
      const kept = path.join(root, "test-results/cluster-logs");
      fs.rmSync(kept, { recursive: true, force: true });
      fs.cpSync(cluster.logDir, kept, { recursive: true });
      say(`logs kept in ${path.relative(root, kept)}`);
    }
    await cluster.stop();
  }
} catch (err) {
  console.error(err);
  ok = false;
} finally {
  fs.rmSync(webDir, { recursive: true, force: true });
}
say(ok ? "cluster test passed" : "cluster test FAILED");
process.exit(ok ? 0 : 1);

async function testCluster(cluster: Cluster): Promise<boolean> {
  // Asynchronously: the SMTP server the journeys read mail from runs in this process.
  const playwright = spawn(
    process.execPath,
    [path.join(root, "node_modules/@playwright/test/cli.js"), "test", "--config", "e2e/cluster.config.ts"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, E2E_BASE_URL: cluster.url, E2E_MAIL_DIR: cluster.mailDir },
    },
  );
  const [code] = (await once(playwright, "exit")) as [number | null];
  const journeys = { status: code };
  // None skipped: a journey that skips itself here (no mail, no server of its own) proves nothing.
  const report = JSON.parse(fs.readFileSync(path.join(root, "test-results/cluster-report.json"), "utf8")) as {
    stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  };
  const { expected, unexpected, skipped } = report.stats;
  const journeysOk = journeys.status === 0 && expected > 0 && unexpected === 0 && skipped === 0;
  say(
    `browser journeys: ${expected} passed, ${unexpected} failed, ${skipped} skipped: ${journeysOk ? "passed" : "FAILED"}`,
  );

  // Every node answered, photos included: an upload through one node is found through the others.
  const served = new Map<string, { all: number; images: number; missingImages: number }>();
  for (const line of fs.readFileSync(cluster.accessLog, "utf8").split("\n")) {
    const [upstream, status, , uri] = line.split(" ");
    if (!upstream || upstream === "-" || !uri) continue;
    const s = served.get(upstream) ?? { all: 0, images: 0, missingImages: 0 };
    s.all++;
    if (uri.startsWith("/images/")) {
      if (status === "404") s.missingImages++;
      else s.images++;
    }
    served.set(upstream, s);
  }
  let spread = true;
  for (const node of cluster.nodes) {
    const s = served.get(node.address) ?? { all: 0, images: 0, missingImages: 0 };
    say(`${node.name}: ${s.all} requests, ${s.images} photos served, ${s.missingImages} photos not found`);
    if (s.all < 50 || s.images === 0 || s.missingImages > 0) spread = false;
  }
  if (!spread) say("FAILED: every node must answer requests and find every photo");

  say("steady load: rolling restart, then kill -9");
  const loadOk = await runLoad(cluster);
  say(`load: ${loadOk ? "passed" : "FAILED"}`);
  return journeysOk && spread && loadOk;
}
