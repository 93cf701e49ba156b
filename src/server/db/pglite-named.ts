import { PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

/**
 * Named statements on PGlite (decision 018). PGlite's `query` sends every statement unnamed — Parse,
 * Describe, Bind, Describe, Execute, Sync, six trips into the WebAssembly backend — so PostgreSQL parses
 * and plans it again each time: ~370 µs for the session lookup (a three-table join), ~50 µs once named.
 * A hot read prepared with `prepared()` (src/server/lib/prepared.ts) is parsed here once per PGlite
 * instance under its name, then each run is Bind, Execute and Sync, and after a few runs PostgreSQL
 * keeps its generic plan, as it does for the named statements on a real server.
 *
 * It goes through the same two locks as `PGlite.query` (`_runExclusiveTransaction`, then
 * `_runExclusiveQuery`, both on PGlite's public interface), so it waits for an open transaction and
 * never interleaves with another query's messages, and it reads the answer with PGlite's own
 * `parse.parseResults` and the instance's parsers and serializers. Only SELECTs are named: a write
 * keeps PGlite's path (its file-system sync after the statement).
 */
type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];
type Statement = {
  text: string;
  /** Parameter types from Describe, to serialise values as PGlite's `query` does. */
  paramTypes: number[];
  /** The statement's row description, put in front of each run's rows for `parseResults`. */
  rowDescription: BackendMessage | undefined;
};

const statements = new WeakMap<PGlite, Map<string, Statement>>();
const { serialize } = protocol;
/** The file-system sync PGlite does after a query is for writes; only reads come here. */
const NO_SYNC = { syncToFs: false };

type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

/** What a Drizzle PGlite prepared query calls as its client: `query`, now running `name`. */
export function namedStatementClient(pg: PGlite, name: string): { query: Query } {
  return {
    query: (text, params = [], options) =>
      /^\s*select\b/i.test(text)
        ? runNamed(pg, name, text, params, options)
        : pg.query(text, params, options),
  };
}

/** Whether Drizzle's prepared query runs on a PGlite instance (not a transaction, not node-postgres). */
export function isPglite(client: unknown): client is PGlite {
  return client instanceof PGlite;
}

async function runNamed(pg: PGlite, name: string, text: string, params: unknown[], options?: QueryOptions) {
  // As PGlite's `query` does first: a closed instance throws here; its backend loop would spin forever.
  await pg._checkReady();
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      const statement = await prepare(pg, name, text);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pg.serializers[statement.paramTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      // One message per call with the Sync last whatever happens, as PGlite's own `query` does: after
      // an error PostgreSQL skips to the Sync, which leaves the backend ready for the next query.
      let messages: BackendMessage[] = [];
      try {
        messages = [
          ...(await pg.execProtocolStream(serialize.bind({ statement: name, values }), NO_SYNC)),
          ...(await pg.execProtocolStream(serialize.execute({}), NO_SYNC)),
        ];
      } finally {
        messages.push(...(await pg.execProtocolStream(serialize.sync(), NO_SYNC)));
      }
      const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      // Drizzle's parsers are the instance's already (parseOnce, client.ts); passing them again would
      // make parseResults copy the whole parser table on every query.
      return parse.parseResults(described, pg.parsers, { rowMode: options?.rowMode })[0]!;
    }),
  );
}

async function prepare(pg: PGlite, name: string, text: string): Promise<Statement> {
  let byName = statements.get(pg);
  if (!byName) {
    byName = new Map();
    statements.set(pg, byName);
  }
  const known = byName.get(name);
  if (known) {
    if (known.text !== text) throw new Error(`statement ${name} was prepared with other SQL`);
    return known;
  }
  let messages: BackendMessage[] = [];
  try {
    await pg.execProtocolStream(serialize.parse({ name, text }), NO_SYNC);
    messages = await pg.execProtocolStream(serialize.describe({ type: "S", name }), NO_SYNC);
  } finally {
    await pg.execProtocolStream(serialize.sync(), NO_SYNC);
  }
  const statement: Statement = {
    text,
    paramTypes: parse.parseDescribeStatementResults(messages),
    rowDescription: messages.find((m) => m.name === "rowDescription"),
  };
  byName.set(name, statement);
  return statement;
}
