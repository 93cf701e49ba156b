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
/** The handle inside `db.transaction(async (tx) => …)`: a unit of work passes it on, never the outer `db`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Stops listening (and, on PostgreSQL, ends the listening connection). */
export type Unlisten = () => Promise<void>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /**
   * Calls `onPayload` for each NOTIFY on `channel` from any node. PostgreSQL: one dedicated
   * connection (a pooled one would be handed to queries); if it drops, it reconnects with back-off
   * and calls `onReconnect`, since what was sent meanwhile is lost to it. PGlite: its own listen().
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<Unlisten>;
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
    const url = opts.url;
    return {
      db: drizzlePg({ client: pool, schema }),
      kind: "postgres",
      close: () => pool.end(),
      listen: (channel, onPayload, onReconnect) =>
        listenPostgres(url, channel, onPayload, onReconnect, opts.onIdleError),
    };
  }
  const memory = opts.dataDir === "memory://";
  if (!memory) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite({ ...pgliteOptions, ...(memory ? {} : { dataDir: opts.dataDir }) });
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
  parseOnce(client);
  return pgliteDatabase(client);
}

/** A Database on an open PGlite instance (tests build theirs from a template this way). */
export function pgliteDatabase(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, schema }),
    kind: "pglite",
    close: () => client.close(),
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
  };
}

/** The first retry's wait after the listening connection drops; doubled up to a limit. */
const LISTEN_RETRY_MS = 250;
const LISTEN_RETRY_MAX_MS = 10_000;

async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  onError: ((err: Error) => void) | undefined,
): Promise<Unlisten> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let wait = LISTEN_RETRY_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    next.on("error", (err) => {
      onError?.(err);
      void next.end().catch(() => {});
      if (client === next) client = undefined;
      if (!stopped) retry();
    });
    await next.connect();
    // Identifier, not a parameter: LISTEN takes no bind parameters. The channel is ours, not input.
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    wait = LISTEN_RETRY_MS;
  };

  const retry = () => {
    if (retryTimer || stopped) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => onReconnect?.(),
        (err: Error) => {
          onError?.(err);
          wait = Math.min(wait * 2, LISTEN_RETRY_MAX_MS);
          retry();
        },
      );
    }, wait);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => {});
    client = undefined;
  };
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
