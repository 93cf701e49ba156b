/**
 * The ledger's check (decision 028), run by the tests and by `npm run ledger:check`: the ledger balances
 * on its own (features/ledger), and it agrees with the payments it records: every card payment was
 * received once for its amount, and given back exactly when the payment says it was refunded.
 */
import type { Db } from "#server/db/client.ts";
import { type LedgerTotals, ledgerProblems, orderEntries } from "#server/features/ledger/service.ts";
import { cardPayments } from "#server/features/payments/service.ts";

export async function checkLedger(db: Db): Promise<{ totals: LedgerTotals; problems: string[] }> {
  const { totals, problems } = await ledgerProblems(db);
  const entries = new Map<string, number>();
  for (const e of await orderEntries(db, ["received", "refunded"]))
    entries.set(`${e.kind} ${e.orderId}`, e.amount);
  const expected = new Map<string, number>();
  for (const p of await cardPayments(db)) {
    expected.set(`received ${p.orderId}`, p.amount);
    if (p.refunded) expected.set(`refunded ${p.orderId}`, p.amount);
  }
  for (const [key, amount] of expected) {
    const entry = entries.get(key);
    if (entry === undefined) problems.push(`${key}: a card payment's money has no entry`);
    else if (entry !== amount) problems.push(`${key}: the entry says ${entry} poisha, the payment ${amount}`);
  }
  for (const key of entries.keys())
    if (!expected.has(key)) problems.push(`${key}: an entry with no card payment behind it`);
  return { totals, problems };
}
