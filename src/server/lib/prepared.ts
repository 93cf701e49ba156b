import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { isPglite, namedStatementClient } from "#server/db/pglite-named.ts";

/**
 * Statements of the hot read paths, built once per database handle instead of on every request
 * (decision 018). Each is a Drizzle prepared query with placeholders; on PostgreSQL it carries a
 * name, so every pooled connection parses and plans it once and later requests only bind and run it;
 * on PGlite it is named on the instance by `namedStatementClient`.
 * A name always stands for the same SQL text: two handles over one pool (the bench's logging one)
 * may prepare the same name on the same connection.
 */
const byHandle = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let statements = byHandle.get(db);
  if (!statements) {
    statements = new Map();
    byHandle.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = mapRowsOnce(build(db, name));
    // On PGlite, Drizzle's prepared query is still sent unnamed: name it (src/server/db/pglite-named.ts).
    const query = statement as { client?: unknown };
    if (isPglite(query.client)) query.client = namedStatementClient(query.client, name);
    statements.set(name, statement);
  }
  return statement;
}

/** How many statements one handle keeps (search has one per shape of query): past it, built per request. */
export const MAX_PREPARED = 400;

/** Whether `name` is prepared on `db` already, or there is room for it. */
export function mayPrepare(db: Db, name: string): boolean {
  const statements = byHandle.get(db);
  return !statements || statements.has(name) || statements.size < MAX_PREPARED;
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };
/** What Drizzle 0.45's prepared queries (node-postgres and PGlite alike) hold to map their rows. */
type DrizzlePrepared = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/**
 * Drizzle maps each row field by field, asking `is()` of every field what it is, on every row of
 * every query (a 25-row page: tens of microseconds). A prepared statement's fields never change, so
 * the same mapping (decoders, nested objects, a left join's all-null object as null) is worked out
 * once here and handed to the statement as its result mapper.
 */
export function mapRowsOnce<T>(statement: T): T {
  const s = statement as unknown as DrizzlePrepared;
  const fields = s.fields;
  if (!fields || s.customResultMapper) return statement;
  const columns = fields.map(({ path, field }) => {
    const f = field as Record<string, unknown> & {
      decoder?: Decoder;
      sql?: { decoder: Decoder };
      _?: { sql: { decoder: Decoder } };
    };
    const isColumn = is(field, Column);
    const decoder: Decoder = isColumn
      ? (field as Decoder)
      : is(field, SQL)
        ? (f.decoder as Decoder)
        : is(field, Subquery)
          ? f._!.sql.decoder
          : f.sql!.decoder;
    return {
      path,
      decoder,
      // A column of a joined table read into a nested object: the object is null when the join found nothing.
      table: isColumn && path.length === 2 ? getTableName((field as Column).table) : undefined,
    };
  });
  const joins = s.joinsNotNullableMap;
  s.customResultMapper = (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      let nullify: Record<string, string | false> | undefined;
      for (let i = 0; i < columns.length; i++) {
        const { path, decoder, table } = columns[i]!;
        const raw = row[i];
        const value = raw === null ? null : decoder.mapFromDriverValue(raw);
        let node = result;
        for (let p = 0; p < path.length - 1; p++) {
          const chunk = path[p]!;
          node[chunk] ??= {};
          node = node[chunk] as Record<string, unknown>;
        }
        node[path[path.length - 1]!] = value;
        if (joins && table !== undefined) {
          nullify ??= {};
          const object = path[0]!;
          if (!(object in nullify)) nullify[object] = value === null ? table : false;
          else if (typeof nullify[object] === "string" && nullify[object] !== table) nullify[object] = false;
        }
      }
      if (joins && nullify) {
        for (const [object, table] of Object.entries(nullify)) {
          if (typeof table === "string" && !joins[table]) result[object] = null;
        }
      }
      return result;
    });
  return statement;
}
