/**
 * `GET /api/me/earnings`: a seller's statement (decision 028): their ledger entries, newest first,
 * each with the bike it was for (orders), and their balance summed from the entries. Whole taka:
 * every amount in the ledger is a price, a fee or a payout in whole taka.
 */
import type { Db } from "#server/db/client.ts";
import { sellerBalance, sellerEntries } from "#server/features/ledger/service.ts";
import { bikesOfOrders } from "#server/features/orders/service.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import { decodeIdCursor } from "#server/lib/pagination.ts";
import type { EarningsPage } from "#shared/schemas/earnings.ts";
import { toTaka } from "#shared/schemas/payments.ts";

export async function sellerEarnings(
  db: Db,
  seller: AuthUser,
  q: { cursor?: string | undefined; limit: number },
): Promise<EarningsPage> {
  const before = decodeIdCursor(q.cursor);
  const rows = await sellerEntries(db, seller.id, before, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const bikes = await bikesOfOrders(db, [...new Set(page.flatMap((r) => (r.orderId ? [r.orderId] : [])))]);
  const balance = await sellerBalance(db, seller.id);
  return {
    items: page.map((r) => ({
      id: String(r.id),
      kind: r.kind,
      amount: toTaka(r.amount),
      at: r.createdAt.toISOString(),
      order: r.orderId ? { id: r.orderId, model: bikes.get(r.orderId)?.model ?? "" } : null,
      reference: r.reference,
    })),
    nextCursor: rows.length > q.limit ? String(page.at(-1)!.id) : null,
    balance: {
      held: toTaka(balance.held),
      available: toTaka(balance.owed),
      paidOut: toTaka(balance.paidOut),
      fees: toTaka(balance.fees),
    },
  };
}
