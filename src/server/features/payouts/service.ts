/**
 * The payouts feature: where each seller is paid (`payout_accounts`, issue 23). Seen by its owner and,
 * once payouts are made, by the admins who pay them; nobody else.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { payoutAccounts } from "#server/db/schema.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import type { PayoutAccount, PayoutDetails, PayoutDetailsResponse } from "#shared/schemas/payouts.ts";

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
