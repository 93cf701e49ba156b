/**
 * The ledger (decision 028): card money is recorded as it moves, once, in the transaction that moves
 * it; the ledger cannot be edited; and its check finds what does not add up.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { ledgerEntries, moneyActions, payments, testPaymentIntents } from "#server/db/schema.ts";
import { passHold } from "#server/features/orders/testing.ts";
import { createTestProvider } from "#server/features/payments/provider/test-provider.ts";
import { card, confirm, GOOD_CARD, openIntent, startPayment } from "#server/features/payments/testing.ts";
import { call, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { sweepExpiredHolds } from "./hold-endings.ts";
import { checkLedger } from "./ledger-check.ts";
import { recordPayment } from "./payment.ts";

async function booking(app: FastifyInstance, askingPrice = 150_000) {
  const seller = await signedInUser(app, { role: "seller" });
  const buyer = await signedInUser(app, { role: "buyer" });
  const listing = await buildListing(app, { sellerId: seller.user.id, askingPrice });
  const order = await bookOrder(app, buyer.cookie, listing.id);
  return { seller, buyer, listing, order };
}

const entriesOf = (app: FastifyInstance, orderId: string) =>
  app.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, sellerId: ledgerEntries.sellerId })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.id);

async function expectBalanced(app: FastifyInstance) {
  const checked = await checkLedger(app.db);
  expect(checked.problems).toEqual([]);
  return checked.totals;
}

describe("the ledger", () => {
  const t = setupTestApp({}, { holdSweepIntervalMs: null });

  it("a card payment is received and held for the seller: one entry of its amount, however often its news comes", async () => {
    const before = await expectBalanced(t.app);
    const { seller, buyer, order } = await booking(t.app, 123_456);
    const intent = await openIntent(t.app, buyer.cookie, order.id);
    expect((await confirm(t.app, buyer.cookie, intent, { card: card(GOOD_CARD) })).statusCode).toBe(200);

    expect(await entriesOf(t.app, order.id)).toEqual([
      { kind: "received", amount: 12_345_600, sellerId: seller.user.id },
    ]);
    // The same news again (a replayed webhook): recorded once.
    const provider = createTestProvider(t.app.db);
    await recordPayment(
      t.app.db,
      provider,
      (await provider.retrieveIntent(intent.intentId))!,
      t.app.config.money,
      t.app.log,
    );
    expect(await entriesOf(t.app, order.id)).toHaveLength(1);

    const after = await expectBalanced(t.app);
    expect(after.received - before.received).toBe(12_345_600);
    expect(after.held - before.held).toBe(12_345_600);
    expect(after.owed - before.owed).toBe(0);
  });

  it("money that came after the bike went to someone else: received, then given back, nothing held", async () => {
    const before = await expectBalanced(t.app);
    const { seller, buyer, listing, order } = await booking(t.app, 90_000);
    const intent = await openIntent(t.app, buyer.cookie, order.id);
    await t.app.db
      .update(testPaymentIntents)
      .set({ status: "succeeded", cardBrand: "visa", cardLast4: "4242" })
      .where(eq(testPaymentIntents.id, intent.intentId));
    await passHold(t.app, order.id);
    await sweepExpiredHolds(t.app.db);
    const next = await signedInUser(t.app, { role: "buyer" });
    await bookOrder(t.app, next.cookie, listing.id);

    expect((await startPayment(t.app, buyer.cookie, order.id)).statusCode).toBe(409);
    expect((await startPayment(t.app, buyer.cookie, order.id)).statusCode).toBe(409);
    expect(await entriesOf(t.app, order.id)).toEqual([
      { kind: "received", amount: 9_000_000, sellerId: seller.user.id },
      { kind: "refunded", amount: 9_000_000, sellerId: seller.user.id },
    ]);
    const after = await expectBalanced(t.app);
    expect(after.received - before.received).toBe(9_000_000);
    expect(after.refunded - before.refunded).toBe(9_000_000);
    expect(after.held).toBe(before.held);
  });

  it("cash handed over at the meeting never passes through MotoHaat: no entry", async () => {
    const { seller, buyer, order } = await booking(t.app);
    const marked = await call(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/cash`,
      cookie: seller.cookie,
    });
    expect(marked.statusCode, marked.body).toBeLessThan(300);
    const confirmed = await call(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/cash/confirm`,
      cookie: buyer.cookie,
    });
    expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
    expect(await t.app.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    expect(await entriesOf(t.app, order.id)).toEqual([]);
    await expectBalanced(t.app);
  });

  it("is append-only: an entry cannot be changed or removed, nor the table emptied", async () => {
    const { buyer, order } = await booking(t.app);
    const intent = await openIntent(t.app, buyer.cookie, order.id);
    await confirm(t.app, buyer.cookie, intent, { card: card(GOOD_CARD) });
    for (const statement of [
      sql`update ledger_entries set amount = 1 where order_id = ${order.id}`,
      sql`delete from ledger_entries where order_id = ${order.id}`,
      sql`truncate ledger_entries`,
    ]) {
      // Drizzle wraps the database's refusal: its words are the cause's.
      await expect(t.app.db.execute(statement)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/ledger_entries is append-only/) },
      });
    }
    expect(await entriesOf(t.app, order.id)).toHaveLength(1);
  });

  it("the check names what does not add up", async () => {
    const { seller, order } = await booking(t.app);
    // A card payment whose money has no entry (written behind the workflow's back).
    await t.app.db.insert(payments).values({
      orderId: order.id,
      provider: "test",
      intentId: `pi_unrecorded_${order.id}`,
      amount: 15_000_000,
      currency: "BDT",
    });
    expect((await checkLedger(t.app.db)).problems).toEqual([
      `received ${order.id}: a card payment's money has no entry`,
    ]);
    // Entries that move more than came in, and pay out more than was released.
    const [payout] = await t.app.db
      .insert(moneyActions)
      .values({
        action: "payout",
        adminId: seller.user.id,
        sellerId: seller.user.id,
        amount: 16_000_000,
        reference: "TRX",
        paidTo: "bKash +8801712345678",
        note: "written behind the workflow's back",
      })
      .returning({ id: moneyActions.id });
    await t.app.db.insert(ledgerEntries).values([
      { kind: "received", orderId: order.id, sellerId: seller.user.id, amount: 14_000_000 },
      { kind: "released", orderId: order.id, sellerId: seller.user.id, amount: 15_000_000 },
      { kind: "paid_out", orderId: null, sellerId: seller.user.id, amount: 16_000_000, actionId: payout!.id },
    ]);
    const { problems } = await checkLedger(t.app.db);
    expect(problems).toEqual(
      expect.arrayContaining([
        `order ${order.id}: more moved out than was received`,
        `seller ${seller.user.id}: paid out more than released (-1000000)`,
        `received ${order.id}: the entry says 14000000 poisha, the payment 15000000`,
      ]),
    );
  });
});
