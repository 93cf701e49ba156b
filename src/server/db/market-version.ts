import type { Db } from "#server/db/client.ts";
import { marketVersion } from "#server/db/schema.ts";
import { prepared } from "#server/lib/prepared.ts";

/**
 * The number every committed change to what public pages show has moved on (decision 027): the
 * `bump_market_version` triggers of migration 0015 raise it as such a transaction commits. Read afresh
 * for every rendered page (one prepared single-row read), so a page kept under a number is served only
 * while nothing it was made from has changed, on whichever node the change was made.
 */
export async function readMarketVersion(db: Db): Promise<number> {
  const statement = prepared(db, "market_version", (d, name) =>
    d.select({ version: marketVersion.version }).from(marketVersion).prepare(name),
  );
  const [row] = await statement.execute();
  return row?.version ?? 0;
}
