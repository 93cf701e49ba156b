/**
 * `npm run ledger:check`: checks the ledger of the database the server is configured for (the same
 * environment as `npm start`) and prints its totals in taka. Exits 1 and names each problem when it does
 * not balance (decision 028). On the embedded database, run it while the server is stopped: PGlite's
 * files belong to one process at a time.
 */
import { ConfigError, loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { checkLedger } from "#server/workflows/ledger-check.ts";

const taka = (poisha: number) => `৳${(poisha / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
  try {
    const { totals, problems } = await checkLedger(database.db);
    console.log(
      `received ${taka(totals.received)} = held ${taka(totals.held)} + released ${taka(totals.released)} + refunded ${taka(totals.refunded)}`,
    );
    console.log(
      `released ${taka(totals.released)} = fees ${taka(totals.fee)} + paid out ${taka(totals.paidOut)} + owed to sellers ${taka(totals.owed)}`,
    );
    for (const problem of problems) console.error(`problem: ${problem}`);
    console.log(problems.length === 0 ? "The ledger balances." : `${problems.length} problem(s).`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? `error: ${err.message}` : err);
    process.exit(err instanceof ConfigError ? 2 : 1);
  },
);
