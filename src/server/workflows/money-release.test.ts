/**
 * Card money held until the handover (issue 23, item 1; decision 028): the buyer's confirmation
 * releases it to the seller, or its due date does, exactly once whatever races; the ledger records
 * the release less the platform's fee, and the seller is told.
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { ledgerEntries, notifications, orders } from "#server/db/schema.ts";
import { cardPaid } from "#server/features/payments/testing.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { checkLedger } from "./ledger-check.ts";
import { releaseDueMoney } from "./money-release.ts";

const DAY = 86_400_000;

const handover = (app: FastifyInstance, cookie: string | undefined, orderId: string) =>
  call(app, { method: "POST", url: `/api/orders/${orderId}/handover`, cookie });

const moneyEntries = (app: FastifyInstance, orderId: string) =>
  app.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.id);

const releasedNotices = (app: FastifyInstance, userId: string) =>
  app.db
    .select({ data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "moneyReleased")));

/** The order's money falls due now, as if HANDOVER_RELEASE_DAYS had passed. */
const dueNow = (app: FastifyInstance, orderId: string) =>
  app.db.update(orders).set({ releaseDueAt: sql`now() - interval '1 second'` }).where(eq(orders.id, orderId));

describe("money held until the handover", () => {
  // A 2.5 % fee; no sweeper timer: the tests sweep when they mean to.
  const t = setupTestApp(
    { PLATFORM_FEE_PERCENT: "2.5", HANDOVER_RELEASE_DAYS: "7" },
    { holdSweepIntervalMs: null },
  );

  it("a card payment is held: due to the seller 7 days after payment, nobody has confirmed yet", async () => {
    const { order } = await cardPaid(t.app);
    expect(order.handover).toEqual({
      releaseDueAt: expect.any(String),
      handedOverAt: null,
      moneyReleasedAt: null,
      dispute: null,
    });
    const due = Date.parse(order.handover!.releaseDueAt) - Date.parse(order.paidAt!);
    expect(Math.abs(due - 7 * DAY)).toBeLessThan(60_000);
    expect(await moneyEntries(t.app, order.id)).toEqual([{ kind: "received", amount: 20_000_000 }]);
  });

  it("the buyer confirms the handover: the money goes to the seller less the fee, once, and the seller is told", async () => {
    const { seller, buyer, order } = await cardPaid(t.app, 200_000);
    const res = await handover(t.app, buyer.cookie, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().order as Order;
    expect(after.handover).toEqual({
      releaseDueAt: order.handover!.releaseDueAt,
      handedOverAt: expect.any(String),
      moneyReleasedAt: expect.any(String),
      dispute: null,
    });
    expect(await moneyEntries(t.app, order.id)).toEqual([
      { kind: "received", amount: 20_000_000 },
      { kind: "released", amount: 20_000_000 },
      { kind: "fee", amount: 500_000 },
    ]);
    expect(await releasedNotices(t.app, seller.user.id)).toEqual([
      {
        data: expect.objectContaining({
          title: TALK_MSG.notification.releasedTitle("Pulsar 150"),
          body: TALK_MSG.notification.releasedConfirmed("৳1,95,000"),
          link: "/dashboard/earnings",
        }),
      },
    ]);

    // Said again: the same order, nothing released twice; the due date passing changes nothing.
    const again = await handover(t.app, buyer.cookie, order.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order.handover).toEqual(after.handover);
    await dueNow(t.app, order.id);
    expect(await releaseDueMoney(t.app.db, t.app.config.money)).not.toContain(order.id);
    expect(await moneyEntries(t.app, order.id)).toHaveLength(3);
    expect(await releasedNotices(t.app, seller.user.id)).toHaveLength(1);
    expect((await checkLedger(t.app.db)).problems).toEqual([]);
  });

  it("only the buyer confirms, and only a card-paid order: 403 for anyone else, 409 unpaid or cash", async () => {
    const { seller, order } = await cardPaid(t.app);
    const other = await signedInUser(t.app, { role: "buyer" });
    expectProblem(await handover(t.app, other.cookie, order.id), 403, MSG.order.notYours);
    expect((await handover(t.app, seller.cookie, order.id)).statusCode).toBe(403);
    expect((await handover(t.app, undefined, order.id)).statusCode).toBe(401);
    expectProblem(await handover(t.app, other.cookie, "not-a-uuid"), 404, MSG.order.notFound);

    const unpaidSeller = await signedInUser(t.app, { role: "seller" });
    const listing = await buildListing(t.app, { sellerId: unpaidSeller.user.id });
    const held = await bookOrder(t.app, other.cookie, listing.id);
    expectProblem(await handover(t.app, other.cookie, held.id), 409, MONEY_MSG.handover.notPaid);

    await call(t.app, { method: "POST", url: `/api/orders/${held.id}/cash`, cookie: unpaidSeller.cookie });
    const cash = await call(t.app, {
      method: "POST",
      url: `/api/orders/${held.id}/cash/confirm`,
      cookie: other.cookie,
    });
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json().order.handover).toBeNull();
    expectProblem(await handover(t.app, other.cookie, held.id), 409, MONEY_MSG.handover.cash);
    expect(await moneyEntries(t.app, held.id)).toEqual([]);
    expect(await moneyEntries(t.app, order.id)).toHaveLength(1);
  });

  it("unconfirmed, the money goes to the seller on its due date, exactly once however many nodes sweep at once", async () => {
    const paid = await Promise.all([
      cardPaid(t.app, 150_000),
      cardPaid(t.app, 99_999),
      cardPaid(t.app, 120_000),
    ]);
    const [first, second, notYet] = paid;
    await dueNow(t.app, first.order.id);
    await dueNow(t.app, second.order.id);

    // Five sweeps at once, as five app nodes would (on PostgreSQL each its own connection).
    const swept = await Promise.all(
      Array.from({ length: 5 }, () => releaseDueMoney(t.app.db, t.app.config.money)),
    );
    const released = swept.flat();
    expect(released.filter((id) => id === first.order.id)).toHaveLength(1);
    expect(released.filter((id) => id === second.order.id)).toHaveLength(1);
    expect(released).not.toContain(notYet.order.id);

    expect(await moneyEntries(t.app, first.order.id)).toEqual([
      { kind: "received", amount: 15_000_000 },
      { kind: "released", amount: 15_000_000 },
      { kind: "fee", amount: 375_000 },
    ]);
    // 2.5 % of ৳99,999 is ৳2,499.975: the fee is whole taka, rounded.
    expect(await moneyEntries(t.app, second.order.id)).toEqual([
      { kind: "received", amount: 9_999_900 },
      { kind: "released", amount: 9_999_900 },
      { kind: "fee", amount: 250_000 },
    ]);
    expect(await moneyEntries(t.app, notYet.order.id)).toHaveLength(1);
    expect(await releasedNotices(t.app, first.seller.user.id)).toEqual([
      { data: expect.objectContaining({ body: TALK_MSG.notification.releasedDue("৳1,46,250") }) },
    ]);

    // The buyer reads it as handed over by the date, without having confirmed.
    const read = await call(t.app, {
      method: "GET",
      url: `/api/orders/${first.order.id}`,
      cookie: first.buyer.cookie,
    });
    expect(read.json().order.handover).toMatchObject({
      handedOverAt: null,
      moneyReleasedAt: expect.any(String),
    });
    // Confirming afterwards records the handover and moves no money.
    expect((await handover(t.app, first.buyer.cookie, first.order.id)).statusCode).toBe(200);
    expect(await moneyEntries(t.app, first.order.id)).toHaveLength(3);

    const { totals, problems } = await checkLedger(t.app.db);
    expect(problems).toEqual([]);
    expect(totals.owed).toBeGreaterThan(0);
  });
});
