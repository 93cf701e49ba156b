/**
 * Card money MotoHaat holds goes to the seller (decision 028): when the buyer confirms the handover,
 * or unasked once its due date has come (the sweep, on every node). Each release is one transaction:
 * the order marked, the ledger's `released` entry (the whole price) and `fee` entry (the platform's
 * share, whole taka), and the seller told, so nothing is released twice or told without the money.
 */
import type { FastifyInstance } from "fastify";
import type { MoneyRules } from "#server/config.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { recordOrderEntry } from "#server/features/ledger/service.ts";
import { notify } from "#server/features/notifications/service.ts";
import { confirmHandoverOf, type DueMoney, takeDueMoney } from "#server/features/orders/handover.ts";
import { orderNotices } from "#server/features/orders/notices.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import { runPeriodically } from "#server/lib/periodic.ts";
import { formatTaka } from "#shared/format.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { toPoisha } from "#shared/schemas/payments.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { getOrder } from "./buyer-orders.ts";

/** Orders one sweep releases at most (the rest wait a minute): one transaction stays short. */
const SWEEP_BATCH = 100;

/** The platform's share of a price, in whole taka (rounded): what the seller's earnings lose. */
export function feeOf(price: number, money: MoneyRules): number {
  return Math.round((price * money.feeBasisPoints) / 10_000);
}

/**
 * The ledger's side of a release: the whole price `released` to the seller and the platform's `fee`
 * taken from it (by an admin's action, when one decided it). The fee in taka, or null when this order's
 * money had been released already (a second node, a replay): nothing is written twice.
 */
export async function recordRelease(
  tx: Tx,
  due: DueMoney,
  money: MoneyRules,
  actionId?: number,
): Promise<number | null> {
  const entry = { orderId: due.orderId, sellerId: due.sellerId, ...(actionId ? { actionId } : {}) };
  const released = await recordOrderEntry(tx, { kind: "released", amount: toPoisha(due.price), ...entry });
  if (!released) return null;
  const fee = feeOf(due.price, money);
  if (fee > 0) await recordOrderEntry(tx, { kind: "fee", amount: toPoisha(fee), ...entry });
  return fee;
}

async function release(tx: Tx, due: DueMoney, money: MoneyRules, why: "confirmed" | "due"): Promise<void> {
  const fee = await recordRelease(tx, due, money);
  if (fee === null) return;
  const [order] = await orderNotices(tx, [due.orderId]);
  const amount = formatTaka(due.price - fee);
  await notify(tx, {
    userId: due.sellerId,
    kind: "moneyReleased",
    data: {
      title: TALK_MSG.notification.releasedTitle(order!.model),
      body:
        why === "confirmed"
          ? TALK_MSG.notification.releasedConfirmed(amount)
          : TALK_MSG.notification.releasedDue(amount),
      link: "/dashboard/earnings",
      bike: { model: order!.model, price: due.price },
    },
  });
}

/** The buyer's "I have the bike and its papers": the money goes to the seller now. The order as it is now. */
export async function confirmHandover(
  db: Db,
  buyer: AuthUser,
  orderId: string,
  money: MoneyRules,
): Promise<Order> {
  await db.transaction(async (tx) => {
    await lockLiveAccount(tx, buyer.id);
    const due = await confirmHandoverOf(tx, buyer.id, orderId);
    if (due) await release(tx, due, money, "confirmed");
  });
  return getOrder(db, buyer, orderId);
}

/** Releases the held money whose due date has come; the orders released. */
export async function releaseDueMoney(db: Db, money: MoneyRules): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await takeDueMoney(tx, SWEEP_BATCH);
    for (const one of due) await release(tx, one, money, "due");
    return due.map((d) => d.orderId);
  });
}

/** Sweeps at start and then every minute (`holdSweepIntervalMs`), on every node: each order is released once. */
export function scheduleMoneyRelease(app: FastifyInstance): void {
  const interval = app.config.holdSweepIntervalMs;
  if (interval === null) return;
  runPeriodically(app, "releasing held money", interval, async () => {
    const released = await releaseDueMoney(app.db, app.config.money);
    if (released.length > 0)
      app.log.info({ orders: released }, `${released.length} payments released to sellers`);
  });
}
