import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/** Throws when the database does not answer a trivial query. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** How long a readiness check waits for one part before counting it down. */
const PART_TIMEOUT_MS = 2000;

/** The parts that did not answer (each asked at once, within PART_TIMEOUT_MS); a null check is a part not configured. */
export async function partsDown(
  checks: Record<string, (() => Promise<void>) | null>,
): Promise<{ part: string; err: unknown }[]> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([part, check]) => {
      if (!check) return null;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          check(),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer in ${PART_TIMEOUT_MS} ms`)),
              PART_TIMEOUT_MS,
            );
          }),
        ]);
        return null;
      } catch (err) {
        return { part, err };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return results.filter((r) => r !== null);
}
