/**
 * The ledger (decision 028): every movement of money MotoHaat holds, one append-only entry each, in
 * poisha. Entries are written by the workflows that move the money, inside their transactions; what
 * anyone is owed or holds is a sum of entries, worked out when asked, never a stored number.
 */
import { and, desc, eq, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { ledgerEntries, moneyActions } from "#server/db/schema.ts";

export type LedgerKind = (typeof ledgerEntries.$inferSelect)["kind"];

/** An order's money: received, then given back or released (less the fee) to the seller. */
export type OrderEntry = {
  kind: Exclude<LedgerKind, "paid_out">;
  orderId: string;
  sellerId: string;
  amount: number;
  /** The admin's action that moved it (a dispute's refund or release), if one did. */
  actionId?: number;
};

/**
 * Writes an order's entry once: the same entry again (a replayed webhook, a second node sweeping the
 * same release) is ignored by the unique (order, kind) index. True when this call wrote it.
 */
export async function recordOrderEntry(tx: Tx, entry: OrderEntry): Promise<boolean> {
  const written = await tx
    .insert(ledgerEntries)
    .values(entry)
    .onConflictDoNothing({
      target: [ledgerEntries.orderId, ledgerEntries.kind],
      where: sql`${ledgerEntries.orderId} is not null`,
    })
    .returning({ id: ledgerEntries.id });
  return written.length === 1;
}

/** Each kind's sum, in poisha, over the entries `where` picks (all of them without). */
async function sumsOf(db: Db | Tx, where?: SQL) {
  const [row] = await rowsOf<Record<LedgerKind, string>>(
    db,
    sql`
      select
        coalesce(sum(amount) filter (where kind = 'received'), 0) as received,
        coalesce(sum(amount) filter (where kind = 'refunded'), 0) as refunded,
        coalesce(sum(amount) filter (where kind = 'released'), 0) as released,
        coalesce(sum(amount) filter (where kind = 'fee'), 0) as fee,
        coalesce(sum(amount) filter (where kind = 'paid_out'), 0) as paid_out
      from ${ledgerEntries} ${where ? sql`where ${where}` : sql``}`,
  );
  return {
    received: Number(row!.received),
    refunded: Number(row!.refunded),
    released: Number(row!.released),
    fee: Number(row!.fee),
    paidOut: Number(row!.paid_out),
  };
}

/** Sums of the whole ledger, in poisha. */
export type LedgerTotals = {
  received: number;
  refunded: number;
  released: number;
  fee: number;
  paidOut: number;
  /** Received and neither given back nor released: what MotoHaat holds for handovers to come. */
  held: number;
  /** Released to sellers, less the fee and what has been paid out: what MotoHaat owes sellers. */
  owed: number;
};

/** Both drivers (node-postgres, PGlite) answer `execute` with the rows in `rows`. */
async function rowsOf<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * What is wrong with the ledger, in words (empty when it balances): per order, no money moves that
 * was not received, and it is either given back or released, never both; per seller, no more is paid
 * out than was released to them less the fee; overall, money in = held + released + refunded, and
 * released = fee + paid out + owed.
 */
export async function ledgerProblems(db: Db | Tx): Promise<{ totals: LedgerTotals; problems: string[] }> {
  const problems: string[] = [];
  const perOrder = await rowsOf<{ order_id: string; problem: string | null }>(
    db,
    sql`
    select order_id::text, case
      when sum(amount) filter (where kind = 'received') is null then 'money moved that was never received'
      when count(*) filter (where kind = 'refunded') > 0 and count(*) filter (where kind = 'released') > 0
        then 'both given back and released'
      when coalesce(sum(amount) filter (where kind in ('refunded', 'released')), 0)
        > sum(amount) filter (where kind = 'received') then 'more moved out than was received'
      when coalesce(sum(amount) filter (where kind = 'fee'), 0)
        > coalesce(sum(amount) filter (where kind = 'released'), 0) then 'a fee larger than the release'
      when count(distinct seller_id) > 1 then 'entries name different sellers'
    end as problem
    from ${ledgerEntries} where order_id is not null group by order_id`,
  );
  for (const row of perOrder) if (row.problem) problems.push(`order ${row.order_id}: ${row.problem}`);

  const perSeller = await rowsOf<{ seller_id: string; owed: string }>(
    db,
    sql`
    select seller_id::text,
      coalesce(sum(amount) filter (where kind = 'released'), 0)
        - coalesce(sum(amount) filter (where kind in ('fee', 'paid_out')), 0) as owed
    from ${ledgerEntries} group by seller_id`,
  );
  for (const row of perSeller)
    if (Number(row.owed) < 0)
      problems.push(`seller ${row.seller_id}: paid out more than released (${row.owed})`);

  const sums = await sumsOf(db);
  const totals = { ...sums, ...whereMoneyIs(sums) };
  if (totals.held < 0) problems.push(`more given back and released than received (${totals.held})`);
  if (totals.owed < 0) problems.push(`more paid out and taken as fees than released (${totals.owed})`);
  return { totals, problems };
}

/** Every entry of an order of these kinds, for comparing with what they record. */
export function orderEntries(
  db: Db | Tx,
  kinds: OrderEntry["kind"][],
): Promise<{ orderId: string; kind: LedgerKind; amount: number }[]> {
  return db
    .select({
      orderId: sql<string>`${ledgerEntries.orderId}`,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .where(and(isNotNull(ledgerEntries.orderId), inArray(ledgerEntries.kind, kinds)));
}

/**
 * The one spelling of where money is: received and neither given back nor released is held; released
 * less the fee and what was paid out is owed to the seller.
 */
function whereMoneyIs(s: Awaited<ReturnType<typeof sumsOf>>): { held: number; owed: number } {
  return { held: s.received - s.refunded - s.released, owed: s.released - s.fee - s.paidOut };
}

/** Where a seller's money is, in poisha: held for their bikes, owed to them, paid out, taken as fees. */
export async function sellerBalance(
  db: Db | Tx,
  sellerId: string,
): Promise<{ held: number; owed: number; paidOut: number; fees: number }> {
  const sums = await sumsOf(db, sql`${ledgerEntries.sellerId} = ${sellerId}`);
  return { ...whereMoneyIs(sums), paidOut: sums.paidOut, fees: sums.fee };
}

/** Every seller MotoHaat owes money (poisha), the most owed first. */
export function owedSellers(db: Db): Promise<{ sellerId: string; owed: number }[]> {
  const owed = sql<number>`(coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'released'), 0)
    - coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in ('fee', 'paid_out')), 0))`;
  return db
    .select({ sellerId: ledgerEntries.sellerId, owed: owed.mapWith(Number) })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.sellerId)
    .having(sql`${owed} > 0`)
    .orderBy(desc(owed), ledgerEntries.sellerId);
}

export type MoneyActionRow = typeof moneyActions.$inferInsert;

/** Records an admin's action on money (append-only): its id, for the ledger entries it writes. */
export async function recordMoneyAction(tx: Tx, action: MoneyActionRow): Promise<number> {
  return (await recordMoneyActionRow(tx, action)).id;
}

/** Records an admin's action on money, returning it as written (its time is the database's). */
export async function recordMoneyActionRow(tx: Tx, action: MoneyActionRow) {
  const [row] = await tx.insert(moneyActions).values(action).returning();
  return row!;
}

/** A payout's entry: the seller's balance paid out (poisha), by the admin's action `actionId`. */
export async function recordPayoutEntry(
  tx: Tx,
  entry: { sellerId: string; amount: number; actionId: number },
): Promise<void> {
  await tx.insert(ledgerEntries).values({ kind: "paid_out", ...entry });
}

/** The id of an order's action of this kind (a dispute is decided once), or null. */
export async function actionOfOrder(
  tx: Tx,
  orderId: string,
  action: "refund" | "release",
): Promise<number | null> {
  const [row] = await tx
    .select({ id: moneyActions.id })
    .from(moneyActions)
    .where(and(eq(moneyActions.orderId, orderId), eq(moneyActions.action, action)));
  return row?.id ?? null;
}

/** A page of the admins' actions on money, newest first (ids are the order they were made in). */
export function moneyActionsPage(db: Db, before: number | null, limit: number) {
  return db
    .select()
    .from(moneyActions)
    .where(before === null ? undefined : lt(moneyActions.id, before))
    .orderBy(desc(moneyActions.id))
    .limit(limit);
}

/** A page of a seller's entries, newest first (the id is the order they were written in). */
export function sellerEntries(db: Db, sellerId: string, before: number | null, limit: number) {
  return db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      orderId: ledgerEntries.orderId,
      createdAt: ledgerEntries.createdAt,
      // A payout's transfer reference, for the seller to find it in their own account.
      reference: moneyActions.reference,
    })
    .from(ledgerEntries)
    .leftJoin(moneyActions, eq(moneyActions.id, ledgerEntries.actionId))
    .where(
      and(eq(ledgerEntries.sellerId, sellerId), before === null ? undefined : lt(ledgerEntries.id, before)),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
}
