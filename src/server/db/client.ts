import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions, type QueryOptions, types } from "@electric-sql/pglite";
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
  parseOnce(client);
  return { db, kind: "pglite", close: () => client.close() };
}

/** The values Drizzle reads as PostgreSQL's text (it maps them itself): its PGlite driver's parsers. */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/**
 * Drizzle's PGlite driver hands its parsers to every query, and PGlite then copies its whole table of
 * parsers (one per type and array type, hundreds) to merge them, for every query: about 150 µs each,
 * more than a simple query's own work. The same parsers are set on the instance once instead and no
 * longer passed, so every query reads the instance's table: the same values, without the copy.
 * Transactions still pass them (PGlite's transaction object is another path): a copy per query there.
 */
function parseOnce(client: PGlite): void {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = (value: string) => value;
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, options?.parsers ? { ...options, parsers: undefined } : options)) as PGlite["query"];
}
