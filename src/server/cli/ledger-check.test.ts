import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER, bike, marketSql, order, SELLER } from "#server/db/testing.ts";
import { type ChildDatabase, childDatabase, killChildren, runNode } from "#server/test/process.ts";

const ORDER = order(1);

describe("npm run ledger:check", () => {
  let dataDir: string;
  let target: ChildDatabase;
  const check = () => runNode("src/server/cli/ledger-check.ts", [], target.env);
  /** Writes to the target database and closes it again: PGlite's files are one process's at a time. */
  async function write(script: string) {
    const database = await target.open();
    try {
      // One statement at a time: a query with parameters' protocol takes one.
      for (const statement of script.split(/;\s*(?:\n|$)/).filter((s) => s.trim()))
        await database.db.execute(sql.raw(statement));
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-ledger-"));
    target = await childDatabase(dataDir);
  });
  afterAll(async () => {
    await killChildren();
    await target?.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("prints the totals in taka and exits 0 while the ledger balances, 1 naming each problem when not", async () => {
    await write(`
      ${marketSql([1])}
      insert into orders (id, listing_id, buyer_id, price, phone, meeting_location, status, paid_at, hold_until)
        values ('${ORDER}', '${bike(1)}', '${BUYER}', 180000, '01711000000', 'Gulshan 1', 'paid', now(), now());
      insert into ledger_entries (kind, amount, order_id, seller_id)
        values ('received', 18000000, '${ORDER}', '${SELLER}')`);
    // Money received with no payment behind it.
    const unbacked = await check();
    expect(unbacked.code).toBe(1);
    expect(unbacked.stdout).toContain(
      "received ৳1,80,000.00 = held ৳1,80,000.00 + released ৳0.00 + refunded ৳0.00",
    );
    expect(unbacked.stderr).toContain(`problem: received ${ORDER}: an entry with no card payment behind it`);

    await write(`insert into payments (order_id, provider, intent_id, amount, currency)
        values ('${ORDER}', 'test', 'pi_1', 18000000, 'BDT')`);
    const balanced = await check();
    expect(balanced.code, balanced.stderr).toBe(0);
    expect(balanced.stdout).toContain("The ledger balances.");
  });
});
