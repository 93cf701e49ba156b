import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

/** Columns any request may touch without changing anything a person owns (the session's sliding expiry). */
const VOLATILE_COLUMNS: Record<string, string[]> = { sessions: ["last_seen_at", "expires_at"] };

/** Row count and a hash of every table's rows (volatile columns left out): equal means no row changed. */
export async function fingerprint(app: FastifyInstance): Promise<string> {
  const columns = (await app.db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  )) as unknown as { rows: Array<{ table_name: string; column_name: string }> };
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns.rows) {
    if (VOLATILE_COLUMNS[table]?.includes(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), `"${column}"`]);
  }
  const parts = [...byTable].map(
    ([table, cols]) =>
      `select '${table}' as t, count(*) as n, md5(coalesce(string_agg(r, ',' order by r), '')) as h
       from (select row(${cols.join(", ")})::text as r from "${table}") x`,
  );
  const result = (await app.db.execute(sql.raw(parts.join(" union all ")))) as unknown as { rows: unknown[] };
  return JSON.stringify(result.rows);
}
