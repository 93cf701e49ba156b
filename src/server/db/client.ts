import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** The extensions the migrations create (pg_trgm for search) must be compiled into PGlite's instance. */
export const pgliteOptions = { extensions: { pg_trgm } } satisfies PGliteOptions;

/** Arbitrary constant: serialises migrations when several app nodes start at once. */
const MIGRATION_LOCK = 7_314_159;

/**
 * Opens the database and brings its schema up to date.
 * `url` set → a node-postgres pool on a real server; otherwise embedded PGlite in `dataDir`
 * (or in memory when `dataDir` is "memory://").
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir: string;
  /** Told when the server drops an idle pooled connection (PostgreSQL only); the pool recovers by itself. */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const lockClient = new pg.Client({ connectionString: opts.url });
    await lockClient.connect();
    try {
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder });
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      await lockClient.end();
    }
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server ends (restart, failover, pg_terminate_backend) makes the pool emit
    // "error"; unhandled, that would crash the process. The pool replaces the connection on next use.
    pool.on("error", (err) => opts.onIdleError?.(err));
    return { db: drizzlePg({ client: pool, schema }), kind: "postgres", close: () => pool.end() };
  }
  const memory = opts.dataDir === "memory://";
  if (!memory) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite({ ...pgliteOptions, ...(memory ? {} : { dataDir: opts.dataDir }) });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: "pglite", close: () => client.close() };
}
