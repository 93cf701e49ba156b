import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, notifications } from "#server/db/schema.ts";
import { paymentRows, startPayment } from "#server/features/payments/testing.ts";
import { call, createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { checkLedger } from "#server/workflows/ledger-check.ts";
import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { PaymentIntentResponse } from "#shared/schemas/payments.ts";
import { fakeStripeApi, signedEvent, stripeEnv, stripeIntent, stripeProviderOn } from "./stripe-testing.ts";

/**
 * A disputed handover refunded through Stripe (issue 23, item 2): the refund is Stripe's own, asked
 * once per intent (its idempotency key), and a Stripe outage leaves the money held with the decision
 * standing, until the same decision again completes it.
 */
describe("a disputed handover refunded through Stripe", () => {
  const fake = fakeStripeApi();
  let t: TestApp;
  beforeAll(async () => {
    const paymentProvider = await stripeProviderOn(fake);
    t = await createTestApp(stripeEnv, { holdSweepIntervalMs: null }, undefined, { paymentProvider });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  /** A bike paid by card through Stripe (its webhook), and the buyer's dispute of the handover. */
  async function paidAndDisputed() {
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const listing = await buildListing(t.app, { askingPrice: 150_000 });
    const order = await bookOrder(t.app, buyer.cookie, listing.id);
    const opened = (await startPayment(t.app, buyer.cookie, order.id)).json() as PaymentIntentResponse;
    const succeeded = stripeIntent({
      ...fake.intents.get(opened.intentId),
      status: "succeeded",
      payment_method: "pm_card_visa",
    });
    fake.intents.set(opened.intentId, succeeded);
    const event = signedEvent(succeeded);
    const paid = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": event.signature },
      payload: event.payload,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const disputed = await call(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/dispute`,
      cookie: buyer.cookie,
      payload: {
        reason: "not_handed_over",
        description: "The seller sold it to someone else at the meeting.",
      },
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    return { buyer, order, intentId: opened.intentId };
  }

  const refund = (cookie: string, orderId: string, decision = "refund") =>
    call(t.app, {
      method: "POST",
      url: `/api/admin/handover-disputes/${orderId}/decide`,
      cookie,
      payload: { decision, note: "The seller admits the bike went to another buyer." },
    });

  const decidedNotices = (userId: string) =>
    t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, "disputeDecided")));

  it("refunds through Stripe once; an outage leaves the money held and the same decision completes it", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    const { buyer, order, intentId } = await paidAndDisputed();

    fake.outage.on = true;
    try {
      expectProblem(await refund(admin.cookie, order.id), 503, MSG.payment.providerUnavailable);
    } finally {
      fake.outage.on = false;
    }
    // Decided, not yet refunded: the money is still held, nobody told of a refund that did not happen.
    expect((await paymentRows(t.app, order.id))[0]?.refundedAt).toBeNull();
    expect(
      (await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id))).map(
        (e) => e.kind,
      ),
    ).toEqual(["received"]);
    expect(await decidedNotices(buyer.user.id)).toEqual([]);
    // The buyer's order says it is decided but the money is not back yet.
    const buyersDispute = async () =>
      (await call(t.app, { method: "GET", url: `/api/orders/${order.id}`, cookie: buyer.cookie })).json()
        .order.handover.dispute;
    expect(await buyersDispute()).toMatchObject({ decision: "refund", refundedAt: null });
    // The admins still see it, decided, to ask again.
    const listed = async () =>
      (await call(t.app, { method: "GET", url: "/api/admin/handover-disputes", cookie: admin.cookie }))
        .json()
        .items.find((i: { orderId: string }) => i.orderId === order.id);
    expect((await listed())?.dispute).toMatchObject({ decision: "refund", note: expect.any(String) });
    // The other decision is no longer open.
    expectProblem(await refund(admin.cookie, order.id, "release"), 409, MONEY_MSG.dispute.notOpen);

    const again = await refund(admin.cookie, order.id);
    expect(again.statusCode, again.body).toBe(204);
    expect(fake.refunds.filter((r) => r.paymentIntent === intentId)).toEqual([
      { paymentIntent: intentId, idempotencyKey: `refund-${intentId}` },
    ]);
    expect((await paymentRows(t.app, order.id))[0]?.refundedAt).toBeInstanceOf(Date);
    expect(
      (await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id))).map(
        (e) => e.kind,
      ),
    ).toEqual(["received", "refunded"]);
    expect(await decidedNotices(buyer.user.id)).toHaveLength(1);
    expect(await buyersDispute()).toMatchObject({ decision: "refund", refundedAt: expect.any(String) });
    expect(await listed()).toBeUndefined();

    // Once refunded, asking again changes nothing.
    expectProblem(await refund(admin.cookie, order.id), 409, MONEY_MSG.dispute.notOpen);
    expect(fake.refunds.filter((r) => r.paymentIntent === intentId)).toHaveLength(1);
    expect((await checkLedger(t.app.db)).problems).toEqual([]);
  });
});
