/**
 * A disputed handover (issue 23, item 2; decision 028): the buyer reports a problem while MotoHaat
 * holds the money, the money stays held (no sweep releases it), and an admin refunds the buyer through
 * the payment provider or releases the money to the seller, with a note both people read; every
 * decision is in the money log and the ledger balances.
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { ledgerEntries, moneyActions, notifications, orders } from "#server/db/schema.ts";
import { buildConversation } from "#server/features/messages/testing.ts";
import { cardPaid, paymentRows, testIntent } from "#server/features/payments/testing.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { HandoverDisputeItem } from "#shared/schemas/money.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { checkLedger } from "./ledger-check.ts";
import { releaseDueMoney } from "./money-release.ts";

const DESCRIPTION = "The seller did not bring the papers and stopped answering the phone.";
const NOTE = "The seller could not show the registration papers: the buyer gets the money back.";

const dispute = (app: FastifyInstance, cookie: string | undefined, orderId: string, payload: object) =>
  call(app, { method: "POST", url: `/api/orders/${orderId}/dispute`, cookie, payload });

const reportNotHanded = (app: FastifyInstance, cookie: string, orderId: string) =>
  dispute(app, cookie, orderId, { reason: "not_handed_over", description: DESCRIPTION });

const decide = (app: FastifyInstance, cookie: string | undefined, orderId: string, payload: object) =>
  call(app, { method: "POST", url: `/api/admin/handover-disputes/${orderId}/decide`, cookie, payload });

const moneyEntries = (app: FastifyInstance, orderId: string) =>
  app.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, actionId: ledgerEntries.actionId })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.id);

const noticesOf = (app: FastifyInstance, userId: string, kind: "handoverDisputed" | "disputeDecided") =>
  app.db
    .select({ data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

const dueNow = (app: FastifyInstance, orderId: string) =>
  app.db.update(orders).set({ releaseDueAt: sql`now() - interval '1 second'` }).where(eq(orders.id, orderId));

const readOrder = async (app: FastifyInstance, cookie: string, orderId: string) =>
  (await call(app, { method: "GET", url: `/api/orders/${orderId}`, cookie })).json().order as Order;

async function openDisputes(app: FastifyInstance, cookie: string): Promise<HandoverDisputeItem[]> {
  const res = await call(app, { method: "GET", url: "/api/admin/handover-disputes", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

describe("a disputed handover", () => {
  const t = setupTestApp({ PLATFORM_FEE_PERCENT: "2" }, { holdSweepIntervalMs: null });

  it("the buyer reports a problem: the money stays held past its due date, and the seller is told", async () => {
    const { seller, buyer, order } = await cardPaid(t.app, 180_000, "Yamaha FZS");
    const res = await reportNotHanded(t.app, buyer.cookie, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().order as Order).handover?.dispute).toEqual({
      reason: "not_handed_over",
      description: DESCRIPTION,
      openedAt: expect.any(String),
      decision: null,
      decidedAt: null,
      note: null,
      refundedAt: null,
    });
    expect(await noticesOf(t.app, seller.user.id, "handoverDisputed")).toEqual([
      {
        data: expect.objectContaining({
          title: MONEY_MSG.dispute.notifyOpenedTitle("Yamaha FZS"),
          body: MONEY_MSG.dispute.notifyOpenedBody(buyer.user.name, "The handover did not happen"),
          link: "/dashboard/mybuyers",
        }),
      },
    ]);
    // The seller's My buyers reads the same dispute.
    const mine = await call(t.app, { method: "GET", url: "/api/me/buyers", cookie: seller.cookie });
    const booking = mine.json().items.find((b: { id: string }) => b.id === order.id);
    expect(booking.handover.dispute).toMatchObject({ reason: "not_handed_over", description: DESCRIPTION });

    await dueNow(t.app, order.id);
    expect(await releaseDueMoney(t.app.db, t.app.config.money)).not.toContain(order.id);
    expect(await moneyEntries(t.app, order.id)).toEqual([
      { kind: "received", amount: 18_000_000, actionId: null },
    ]);
    // The handover is the admin's to settle now; one report is enough.
    expectProblem(
      await call(t.app, { method: "POST", url: `/api/orders/${order.id}/handover`, cookie: buyer.cookie }),
      409,
      MONEY_MSG.dispute.handoverDisputed,
    );
    expectProblem(
      await reportNotHanded(t.app, buyer.cookie, order.id),
      409,
      MONEY_MSG.dispute.alreadyReported,
    );
  });

  it("refuses what is not a dispute a buyer can make, and changes nothing", async () => {
    const { seller, buyer, order } = await cardPaid(t.app);
    const other = await signedInUser(t.app, { role: "buyer" });
    expectProblem(await reportNotHanded(t.app, other.cookie, order.id), 403, MSG.order.notYours);
    expect((await reportNotHanded(t.app, seller.cookie, order.id)).statusCode).toBe(403);
    expect((await dispute(t.app, undefined, order.id, {})).statusCode).toBe(401);

    const short = await dispute(t.app, buyer.cookie, order.id, {
      reason: "not_as_described",
      description: "bad",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toMatchObject({ description: MONEY_MSG.dispute.descriptionTooShort });
    const noReason = await dispute(t.app, buyer.cookie, order.id, {
      reason: "changed_my_mind",
      description: DESCRIPTION,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toMatchObject({ reason: MONEY_MSG.dispute.reasonRequired });
    expect((await readOrder(t.app, buyer.cookie, order.id)).handover?.dispute).toBeNull();

    // Its due date has come (the sweep has not run yet): too late.
    await dueNow(t.app, order.id);
    expectProblem(await reportNotHanded(t.app, buyer.cookie, order.id), 409, MONEY_MSG.dispute.tooLate);

    // Confirmed: the money went to the seller, nothing is left to dispute.
    const confirmed = await cardPaid(t.app);
    await call(t.app, {
      method: "POST",
      url: `/api/orders/${confirmed.order.id}/handover`,
      cookie: confirmed.buyer.cookie,
    });
    expectProblem(
      await reportNotHanded(t.app, confirmed.buyer.cookie, confirmed.order.id),
      409,
      MONEY_MSG.dispute.notHeld,
    );

    // Held, not paid: MotoHaat holds nothing.
    const listing = await buildListing(t.app);
    const held = await bookOrder(t.app, other.cookie, listing.id);
    expectProblem(await reportNotHanded(t.app, other.cookie, held.id), 409, MONEY_MSG.handover.notPaid);
    expect(await t.app.db.select().from(moneyActions)).toEqual([]);
  });

  it("admins see it with the order, both people and their messages about the bike", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    const { seller, buyer, listing, order } = await cardPaid(t.app, 150_000, "Honda CB Hornet");
    await buildConversation(t.app, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      listingId: listing.id,
    });
    await dispute(t.app, buyer.cookie, order.id, { reason: "not_as_described", description: DESCRIPTION });

    const item = (await openDisputes(t.app, admin.cookie)).find((d) => d.orderId === order.id);
    expect(item).toMatchObject({
      listing: { id: listing.id, model: "Honda CB Hornet" },
      price: 150_000,
      buyer: { id: buyer.user.id, name: buyer.user.name, email: buyer.user.email, phone: expect.any(String) },
      seller: { id: seller.user.id, name: seller.user.name, email: seller.user.email },
      dispute: { reason: "not_as_described", description: DESCRIPTION, decision: null },
    });
    expect(item!.messages.map((m) => m.body)).toEqual(["Is it still available?"]);
  });

  it("an admin refunds the buyer through the provider: the ledger gives it back, both read the note", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    const { seller, buyer, order } = await cardPaid(t.app, 200_000, "Suzuki Gixxer");
    await reportNotHanded(t.app, buyer.cookie, order.id);

    expect(
      (await decide(t.app, admin.cookie, order.id, { decision: "refund", note: "short" })).statusCode,
    ).toBe(400);
    const res = await decide(t.app, admin.cookie, order.id, { decision: "refund", note: NOTE });
    expect(res.statusCode, res.body).toBe(204);

    const [payment] = await paymentRows(t.app, order.id);
    expect(payment!.refundedAt).not.toBeNull();
    expect((await testIntent(t.app, payment!.intentId)).refundedAt).not.toBeNull();
    const [action] = await t.app.db.select().from(moneyActions).where(eq(moneyActions.orderId, order.id));
    expect(action).toMatchObject({
      action: "refund",
      adminId: admin.user.id,
      sellerId: seller.user.id,
      amount: 20_000_000,
      note: NOTE,
    });
    expect(await moneyEntries(t.app, order.id)).toEqual([
      { kind: "received", amount: 20_000_000, actionId: null },
      { kind: "refunded", amount: 20_000_000, actionId: action!.id },
    ]);
    for (const who of [buyer, seller])
      expect(await noticesOf(t.app, who.user.id, "disputeDecided")).toEqual([
        {
          data: expect.objectContaining({
            title: MONEY_MSG.dispute.notifyRefundedTitle("Suzuki Gixxer"),
            body: MONEY_MSG.dispute.adminNote(NOTE),
          }),
        },
      ]);
    expect((await readOrder(t.app, buyer.cookie, order.id)).handover?.dispute).toMatchObject({
      decision: "refund",
      decidedAt: expect.any(String),
      note: NOTE,
      refundedAt: expect.any(String),
    });
    expect((await openDisputes(t.app, admin.cookie)).map((d) => d.orderId)).not.toContain(order.id);

    // Decided once: again is 409, the due date releases nothing, and the buyer cannot confirm it away.
    expectProblem(
      await decide(t.app, admin.cookie, order.id, { decision: "release", note: NOTE }),
      409,
      MONEY_MSG.dispute.notOpen,
    );
    await dueNow(t.app, order.id);
    expect(await releaseDueMoney(t.app.db, t.app.config.money)).not.toContain(order.id);
    expectProblem(
      await call(t.app, { method: "POST", url: `/api/orders/${order.id}/handover`, cookie: buyer.cookie }),
      409,
      MONEY_MSG.dispute.notHeld,
    );
    expect(await moneyEntries(t.app, order.id)).toHaveLength(2);
    expect((await checkLedger(t.app.db)).problems).toEqual([]);
  });

  it("an admin releases the money to the seller, less the fee, and the seller's earnings show it", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    const { seller, buyer, order } = await cardPaid(t.app, 100_000, "TVS Apache");
    await dispute(t.app, buyer.cookie, order.id, { reason: "not_as_described", description: DESCRIPTION });
    const res = await decide(t.app, admin.cookie, order.id, { decision: "release", note: NOTE });
    expect(res.statusCode, res.body).toBe(204);

    const [action] = await t.app.db.select().from(moneyActions).where(eq(moneyActions.orderId, order.id));
    expect(await moneyEntries(t.app, order.id)).toEqual([
      { kind: "received", amount: 10_000_000, actionId: null },
      { kind: "released", amount: 10_000_000, actionId: action!.id },
      { kind: "fee", amount: 200_000, actionId: action!.id },
    ]);
    const earnings = await call(t.app, { method: "GET", url: "/api/me/earnings", cookie: seller.cookie });
    expect(earnings.json().balance).toMatchObject({ held: 0, available: 98_000 });
    expect(await noticesOf(t.app, seller.user.id, "disputeDecided")).toEqual([
      {
        data: expect.objectContaining({
          title: MONEY_MSG.dispute.notifyReleasedTitle("TVS Apache"),
          body: MONEY_MSG.dispute.adminNote(NOTE),
          link: "/dashboard/earnings",
        }),
      },
    ]);
    const read = await readOrder(t.app, buyer.cookie, order.id);
    expect(read.handover).toMatchObject({
      moneyReleasedAt: expect.any(String),
      dispute: { decision: "release" },
    });
    expect((await paymentRows(t.app, order.id))[0]!.refundedAt).toBeNull();
    expect((await checkLedger(t.app.db)).problems).toEqual([]);
  });

  it("two admins deciding at once: one decision stands, the money moves once", async () => {
    const [first, second] = await Promise.all([
      signedInUser(t.app, { role: "admin" }),
      signedInUser(t.app, { role: "admin" }),
    ]);
    const { buyer, order } = await cardPaid(t.app, 120_000);
    await reportNotHanded(t.app, buyer.cookie, order.id);
    const answers = await Promise.all([
      decide(t.app, first.cookie, order.id, { decision: "refund", note: NOTE }),
      decide(t.app, second.cookie, order.id, { decision: "release", note: NOTE }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    const kinds = (await moneyEntries(t.app, order.id)).map((e) => e.kind);
    expect(kinds[0]).toBe("received");
    expect(kinds.slice(1)).toSatisfy(
      (rest: string[]) => rest.join() === "refunded" || rest.join() === "released,fee",
    );
    expect(await t.app.db.select().from(moneyActions).where(eq(moneyActions.orderId, order.id))).toHaveLength(
      1,
    );
    expect((await checkLedger(t.app.db)).problems).toEqual([]);
  });

  it("there is nothing to decide about an order nobody disputed, or that is not card-paid", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    const { order } = await cardPaid(t.app);
    const payload = { decision: "refund", note: NOTE };
    expectProblem(await decide(t.app, admin.cookie, order.id, payload), 404, MONEY_MSG.dispute.notFound);
    expectProblem(await decide(t.app, admin.cookie, "not-a-uuid", payload), 404, MONEY_MSG.dispute.notFound);
    const listing = await buildListing(t.app);
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const held = await bookOrder(t.app, buyer.cookie, listing.id);
    expectProblem(await decide(t.app, admin.cookie, held.id, payload), 404, MONEY_MSG.dispute.notFound);
    expect(await moneyEntries(t.app, order.id)).toHaveLength(1);
  });
});
