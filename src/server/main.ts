import type { FastifyBaseLogger } from "fastify";
import { openDatabase } from "#server/db/client.ts";
import { seedDemo } from "#server/seed/demo.ts";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";

async function main() {
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
  let log: FastifyBaseLogger | undefined;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: `${config.dataDir}/db`,
    onIdleError: (err) =>
      log?.warn({ err }, "lost an idle database connection; the pool reconnects on next use"),
  });
  const app = await buildApp({ config, database });
  log = app.log;
  if (config.seedDemo) await seedDemo(database.db, app.images, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      app.log.error("shutdown took over 10 s; exiting");
      process.exit(1);
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
  app.log.info(`MotoHaat is running at ${config.publicUrl.href} (database: ${database.kind})`);
}

await main();
