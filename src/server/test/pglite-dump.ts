import type { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "#server/db/client.ts";

/**
 * An empty PGlite database brought up to date by the migrations, dumped: what a test app or a test
 * run's template loads (`loadDataDir`) instead of migrating again.
 */
export async function migratedPgliteDump(): Promise<File | Blob> {
  const migrated = await openDatabase({ dataDir: "memory://" });
  const dump = await (migrated.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
  await migrated.close();
  return dump;
}
