import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "#server/db/client.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { type StartupReport, startupSummary } from "./startup-summary.ts";

export type StartOptions = {
  /**
   * The web app's build, when `npm start` (scripts/start.ts) runs one beside the database work:
   * resolves with its duration in ms, rejects when it fails. The server listens only once it is done.
   */
  webBuild?: { built: "first" | "rebuilt"; done: Promise<number> };
};

/**
 * Opens (or creates) the database, seeds the demo data on a new one, builds the app and listens;
 * then logs one line saying how long that took and what it did. Its parts overlap: the demo's
 * drawings are encoded (on libuv's threads) while PGlite is created and the app's modules load, and
 * `npm start`'s web build runs in its own process meanwhile.
 */
export async function main(options: StartOptions = {}): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const dataDir = path.join(config.dataDir, "db");
  const pgliteCreated = !config.databaseUrl && !fs.existsSync(path.join(dataDir, "PG_VERSION"));

  // The demo's drawings need no database: on a new embedded one (which has no demo data yet) they
  // are started first. Anywhere else seedDemo looks before it draws.
  const seedStarted = performance.now();
  const seeding = config.seedDemo
    ? Promise.all([
        import("#server/seed/demo.ts"),
        import("#server/images/store.ts"),
        import("#server/images/files.ts"),
      ]).then(([seed, { createImageStore }, { imageFilesFor }]) => {
        // Only this start uses it, before the app listens: as many encodes at once as there are cores.
        const store = createImageStore(imageFilesFor(config), { concurrency: os.availableParallelism() });
        return { seed, store, art: pgliteCreated ? seed.prepareDemoArt(store) : undefined };
      })
    : undefined;
  let log: { warn(obj: object, msg: string): void } | undefined;
  const opening = openDatabase({
    url: config.databaseUrl,
    dataDir,
    onIdleError: (err) =>
      log?.warn({ err }, "lost an idle database connection; the pool reconnects on next use"),
  });
  const loadingApp = import("./app.ts");
  // Awaited below; this only keeps an early failure of one from being reported as unhandled.
  for (const p of [seeding, loadingApp]) p?.catch(() => {});

  const database = await opening;
  const databaseMs = performance.now() - seedStarted;

  // The app is built as soon as the web build is in place (the app serves what it finds there), while
  // the demo data is being written: the drawings are encoded off the event loop, which is free for it.
  let web: StartupReport["web"];
  const webBuilt = options.webBuild?.done.then((ms) => {
    web = { built: options.webBuild!.built, ms };
  });
  const building = (async () => {
    await webBuilt;
    const { buildApp } = await loadingApp;
    return buildApp({ config, database });
  })();
  // Awaited below, after the seed; this only keeps an early failure from being reported as unhandled.
  building.catch(() => {});

  let demo: StartupReport["demo"] = { kind: "off" };
  if (seeding) {
    const { seed, store, art } = await seeding;
    const started = art ? seedStarted : performance.now();
    const seeded = await seed.seedDemo(database.db, store, undefined, { art });
    demo = seeded ? { kind: "seeded", ms: performance.now() - started, ...seeded } : { kind: "present" };
  }

  try {
    await webBuilt;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await database.close();
    process.exit(1);
  }
  const app = await building;
  log = app.log;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      // How many connections were still open tells a request (or a stream) in flight from a job
      // (which says itself what it was finishing: src/server/lib/periodic.ts).
      app.server.getConnections((_err, connections) => {
        app.log.error({ connections }, "shutdown took over 10 s; exiting");
        process.exit(1);
      });
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      app.log.info("closed cleanly");
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "error while shutting down");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const report: StartupReport = {
    url: config.publicUrl.href,
    totalMs: performance.now(),
    web,
    database: {
      kind: database.kind === "postgres" ? "postgres" : pgliteCreated ? "created" : "reused",
      ms: databaseMs,
    },
    demo,
  };
  // Counted from the process's start (performance.now()), so module loading is in it too.
  app.log.info({ startup: report, database: database.kind }, startupSummary(report));
}

// `node --import tsx src/server/main.ts` runs it; scripts/start.ts imports it and calls main itself.
const entry = process.argv[1] && fs.realpathSync(process.argv[1]) === fs.realpathSync(import.meta.filename);
if (entry) await main();
