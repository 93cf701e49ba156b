/**
 * The payouts feature: where each seller is paid (`payout_accounts`, issue 23). Seen by its owner and,
 * once payouts are made, by the admins who pay them; nobody else.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { payoutAccounts } from "#server/db/schema.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import {
  PAYOUT_METHODS,
  type PayoutAccount,
  type PayoutDetails,
  type PayoutDetailsResponse,
} from "#shared/schemas/payouts.ts";

type Row = typeof payoutAccounts.$inferSelect;

/** The row as the API says it: the method's own fields, the other method's null. */
function toDetails(row: Row): PayoutAccount {
  return {
    method: row.method,
    walletNumber: row.walletNumber,
    accountName: row.accountName,
    bankName: row.bankName,
    branch: row.branch,
    accountNumber: row.accountNumber,
  };
}

export async function payoutDetailsOf(db: Db, sellerId: string): Promise<PayoutDetailsResponse> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId));
  return { details: row ? toDetails(row) : null };
}

/** Replaces the seller's payout details (the fields of the other method are cleared). */
export async function setPayoutDetails(
  db: Db,
  seller: AuthUser,
  details: PayoutDetails,
): Promise<PayoutDetailsResponse> {
  const values = {
    method: details.method,
    walletNumber: details.method === "bank" ? null : details.walletNumber,
    accountName: details.method === "bank" ? details.accountName : null,
    bankName: details.method === "bank" ? details.bankName : null,
    branch: details.method === "bank" ? details.branch : null,
    accountNumber: details.method === "bank" ? details.accountNumber : null,
  };
  const row = await db.transaction(async (tx) => {
    // A deleted account saves nothing (401), as for every write of a person's own.
    await lockLiveAccount(tx, seller.id);
    const [saved] = await tx
      .insert(payoutAccounts)
      .values({ sellerId: seller.id, ...values })
      .onConflictDoUpdate({ target: payoutAccounts.sellerId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    return saved!;
  });
  return { details: toDetails(row) };
}

/** A deleted account's payout details go with it (nothing is owed any more: the deletion checked). */
export async function erasePayoutDetails(tx: Tx, sellerId: string): Promise<void> {
  await tx.delete(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId));
}

/** Whether the seller has said where to be paid. */
export async function hasPayoutDetails(tx: Tx, sellerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: payoutAccounts.sellerId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.sellerId, sellerId));
  return row !== undefined;
}

/** Several sellers' payout details, for the admins who pay them: seller id → details. */
export async function payoutDetailsOfMany(db: Db, sellerIds: string[]): Promise<Map<string, PayoutAccount>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await db.select().from(payoutAccounts).where(inArray(payoutAccounts.sellerId, sellerIds));
  return new Map(rows.map((r) => [r.sellerId, toDetails(r)]));
}

/**
 * A seller's payout details under their row's lock, or null: a payout is made to what they read now,
 * and two admins paying one seller at once take turns (the second sees the first's payout).
 */
export async function lockPayoutDetails(tx: Tx, sellerId: string): Promise<PayoutAccount | null> {
  const [row] = await tx
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.sellerId, sellerId))
    .for("update");
  return row ? toDetails(row) : null;
}

/** Where a payout goes, in full, for the admins' log: `bKash +8801712345678`, or the bank account's every field. */
export function describePayoutAccount(d: PayoutAccount): string {
  return d.method === "bank"
    ? `${PAYOUT_METHODS.bank}: ${d.accountName}, ${d.bankName}, ${d.branch}, ${d.accountNumber}`
    : `${PAYOUT_METHODS[d.method]} ${d.walletNumber}`;
}

/** Where a payout went, as a message that may travel by email shows it: the number's last four digits only. */
export function maskedPayoutAccount(d: PayoutAccount): string {
  const number = (d.method === "bank" ? d.accountNumber : d.walletNumber) ?? "";
  return `${PAYOUT_METHODS[d.method]} ••••${number.slice(-4)}`;
}
