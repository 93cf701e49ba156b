/**
 * Paying sellers what MotoHaat owes them (issue 23, decision 028): the admins' owed list (the ledger's
 * balances with each seller's payout details), its CSV for the bank, a payout recorded after the
 * transfer (the money log's action, the ledger's `paid_out` entry and the seller's notice, one
 * transaction), and the money log itself.
 */
import { stringify } from "csv-stringify/sync";
import type { Db } from "#server/db/client.ts";
import { Conflict, NotFound } from "#server/errors.ts";
import {
  moneyActionsPage,
  owedSellers,
  recordMoneyActionRow,
  recordPayoutEntry,
  sellerBalance,
} from "#server/features/ledger/service.ts";
import { notify } from "#server/features/notifications/service.ts";
import { bikesOfOrders } from "#server/features/orders/service.ts";
import {
  describePayoutAccount,
  lockPayoutDetails,
  maskedPayoutAccount,
  payoutDetailsOfMany,
} from "#server/features/payouts/service.ts";
import { type AuthUser, lockLiveAccount, peopleByIds } from "#server/features/people/accounts.ts";
import { decodeIdCursor, isUuid } from "#server/lib/pagination.ts";
import { formatTaka } from "#shared/format.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { MoneyAction, MoneyLogPage, OwedList, RecordPayoutReq } from "#shared/schemas/money.ts";
import { toPoisha, toTaka } from "#shared/schemas/payments.ts";
import { PAYOUT_METHODS } from "#shared/schemas/payouts.ts";

/** Every seller owed money, the most owed first, with where to pay them; and the total. */
export async function owedList(db: Db): Promise<OwedList> {
  const owed = await owedSellers(db);
  const ids = owed.map((o) => o.sellerId);
  const [people, details] = await Promise.all([peopleByIds(db, ids), payoutDetailsOfMany(db, ids)]);
  const items = owed.map((o) => {
    const person = people.get(o.sellerId);
    return {
      seller: { id: o.sellerId, name: person?.name ?? "", email: person?.email ?? null },
      owed: toTaka(o.owed),
      details: details.get(o.sellerId) ?? null,
    };
  });
  return { items, total: items.reduce((sum, i) => sum + i.owed, 0) };
}

/**
 * A spreadsheet cell that starts like a formula (`=`, `+`, `-`, `@`, a tab or a return) is read as
 * text: a seller's name or bank field must never run in the admin's spreadsheet (CSV injection).
 */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The owed list of sellers who can be paid (with payout details), as CSV for a bank's or a wallet's
 * bulk transfer: one row each, whole taka. Those without details wait and are not in it.
 */
export async function owedCsv(db: Db): Promise<string> {
  const { items } = await owedList(db);
  const rows = items.flatMap((i) =>
    i.details
      ? [
          [
            i.seller.name,
            i.seller.email ?? "",
            i.owed,
            PAYOUT_METHODS[i.details.method],
            i.details.walletNumber ?? "",
            i.details.accountName ?? "",
            i.details.bankName ?? "",
            i.details.branch ?? "",
            i.details.accountNumber ?? "",
            i.seller.id,
          ],
        ]
      : [],
  );
  return stringify(rows, {
    header: true,
    columns: [
      "Seller",
      "Email",
      "Owed (BDT)",
      "Method",
      "Wallet number",
      "Account name",
      "Bank",
      "Branch",
      "Account number",
      "Seller id",
    ],
    cast: { string: asText },
  });
}

/**
 * An admin records a transfer made to a seller: at most what is owed (409 beyond it), only to a seller
 * who said where to be paid (409), its reference kept. The seller is told where it went (masked: the
 * notice may travel by email) and sees it on their statement.
 */
export async function recordPayout(db: Db, admin: AuthUser, req: RecordPayoutReq): Promise<MoneyAction> {
  if (!isUuid(req.sellerId)) throw new NotFound(MONEY_MSG.payouts.notASeller);
  const action = await db.transaction(async (tx) => {
    await lockLiveAccount(tx, admin.id);
    const seller = (await peopleByIds(tx, [req.sellerId])).get(req.sellerId);
    if (seller?.role !== "seller") throw new NotFound(MONEY_MSG.payouts.notASeller);
    const details = await lockPayoutDetails(tx, req.sellerId);
    if (!details) throw new Conflict(MONEY_MSG.payouts.noPayoutDetails);
    const amount = toPoisha(req.amount);
    const { owed } = await sellerBalance(tx, req.sellerId);
    if (amount > owed) throw new Conflict(MONEY_MSG.payouts.moreThanOwed);
    const row = {
      action: "payout" as const,
      adminId: admin.id,
      sellerId: req.sellerId,
      amount,
      reference: req.reference,
      paidTo: describePayoutAccount(details),
      note: req.note ? req.note : MONEY_MSG.payouts.defaultNote,
    };
    const written = await recordMoneyActionRow(tx, row);
    await recordPayoutEntry(tx, { sellerId: req.sellerId, amount, actionId: written.id });
    await notify(tx, {
      userId: req.sellerId,
      kind: "paidOut",
      data: {
        title: MONEY_MSG.payouts.notifyTitle(formatTaka(req.amount)),
        body: MONEY_MSG.payouts.notifyBody(maskedPayoutAccount(details), req.reference),
        link: "/dashboard/earnings",
      },
    });
    return { ...written, sellerName: seller.name };
  });
  return {
    id: String(action.id),
    action: "payout",
    admin: { id: admin.id, name: admin.name },
    seller: { id: action.sellerId, name: action.sellerName },
    order: null,
    amount: req.amount,
    reference: action.reference,
    paidTo: action.paidTo,
    note: action.note,
    at: action.createdAt.toISOString(),
  };
}

/** The money log: every admin action on money, newest first, with who and for whom. */
export async function moneyLog(
  db: Db,
  q: { cursor?: string | undefined; limit: number },
): Promise<MoneyLogPage> {
  const before = decodeIdCursor(q.cursor);
  const rows = await moneyActionsPage(db, before, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const people = await peopleByIds(db, [...new Set(page.flatMap((r) => [r.adminId, r.sellerId]))]);
  const bikes = await bikesOfOrders(db, [...new Set(page.flatMap((r) => (r.orderId ? [r.orderId] : [])))]);
  const nameOf = (id: string) => people.get(id)?.name ?? "";
  return {
    items: page.map((r) => ({
      id: String(r.id),
      action: r.action,
      admin: { id: r.adminId, name: nameOf(r.adminId) },
      seller: { id: r.sellerId, name: nameOf(r.sellerId) },
      order: r.orderId ? { id: r.orderId, model: bikes.get(r.orderId)?.model ?? "" } : null,
      amount: toTaka(r.amount),
      reference: r.reference,
      paidTo: r.paidTo,
      note: r.note,
      at: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > q.limit ? String(page.at(-1)!.id) : null,
  };
}
