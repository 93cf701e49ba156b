import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/** Throws when the database does not answer a trivial query. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
