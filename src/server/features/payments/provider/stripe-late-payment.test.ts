import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingStatus, orderRow, passHold } from "#server/features/orders/testing.ts";
import { paymentRows, startPayment } from "#server/features/payments/testing.ts";
import { createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { captureLogs } from "#server/test/logs.ts";
import { sweepExpiredHolds } from "#server/workflows/hold-endings.ts";
import { MSG } from "#shared/messages.ts";
import type { PaymentIntentResponse } from "#shared/schemas/payments.ts";
import { fakeStripeApi, signedEvent, stripeEnv, stripeIntent, stripeProviderOn } from "./stripe-testing.ts";

/**
 * Stripe charges in the buyer's browser, so a payment can succeed after the booking's hold ended
 * (the page left open past the hold, a cancel in another tab). Its webhook still comes: the money is
 * taken if the bike is still free, refunded if someone else has booked it (decision 021).
 */
describe("a Stripe payment that succeeds after its booking ended", () => {
  const fake = fakeStripeApi();
  const { lines, stream } = captureLogs();
  let t: TestApp;
  beforeAll(async () => {
    const paymentProvider = await stripeProviderOn(fake);
    t = await createTestApp(stripeEnv, { holdSweepIntervalMs: null }, undefined, {
      paymentProvider,
      logger: { level: "warn", stream },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  const deliver = (payload: string, signature: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
      payload,
    });

  /** A booking whose intent the buyer opened while it was held, then its hold ran out and was swept. */
  async function openedThenExpired() {
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const listing = await buildListing(t.app, { askingPrice: 150_000 });
    const order = await bookOrder(t.app, buyer.cookie, listing.id);
    const res = await startPayment(t.app, buyer.cookie, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const opened = res.json() as PaymentIntentResponse;
    await passHold(t.app, order.id);
    await sweepExpiredHolds(t.app.db);
    // Stripe Elements confirmed it in the browser all the same.
    const succeeded = stripeIntent({
      ...fake.intents.get(opened.intentId),
      status: "succeeded",
      payment_method: "pm_card_visa",
    });
    fake.intents.set(opened.intentId, succeeded);
    return { buyer, listing, order, intentId: opened.intentId, event: signedEvent(succeeded) };
  }

  it("the bike still for sale: the payment is taken, the order paid and the bike sold to the buyer again", async () => {
    const { buyer, listing, order, intentId, event } = await openedThenExpired();
    const res = await deliver(event.payload, event.signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: "paid", endedAt: null });
    expect(await listingStatus(t.app, listing.id)).toBe("sold");
    expect(fake.refunds.filter((r) => r.paymentIntent === intentId)).toHaveLength(0);
    expectProblem(await startPayment(t.app, buyer.cookie, order.id), 409, MSG.payment.alreadyPaid);
  });

  it("the bike booked by someone else meanwhile: refunded in full once, however often Stripe delivers", async () => {
    const { listing, order, intentId, event } = await openedThenExpired();
    const next = await signedInUser(t.app, { role: "buyer" });
    const theirs = await bookOrder(t.app, next.cookie, listing.id);

    const first = await deliver(event.payload, event.signature);
    expect(first.statusCode, first.body).toBe(200);
    const refunds = fake.refunds.filter((r) => r.paymentIntent === intentId);
    expect(refunds).toEqual([{ paymentIntent: intentId, idempotencyKey: `refund-${intentId}` }]);
    const [payment] = await paymentRows(t.app, order.id);
    expect(payment).toMatchObject({ intentId, amount: 15_000_000, refundedAt: expect.any(Date) });
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: "expired", paidAt: null });
    expect(await orderRow(t.app, theirs.id)).toMatchObject({ status: "held" });
    expect(lines.find((l) => l.intentId === intentId)).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/refunding it/),
    });

    const again = await deliver(event.payload, event.signature);
    expect(again.statusCode).toBe(200);
    expect(fake.refunds.filter((r) => r.paymentIntent === intentId)).toHaveLength(1);
    expect(await paymentRows(t.app, order.id)).toHaveLength(1);
  });

  it("a refund Stripe cannot make now stays owed and is made when the webhook comes again", async () => {
    const { listing, order, intentId, event } = await openedThenExpired();
    const next = await signedInUser(t.app, { role: "buyer" });
    await bookOrder(t.app, next.cookie, listing.id);

    fake.outage.on = true;
    try {
      // Not a 2xx: Stripe delivers it again later.
      const failed = await deliver(event.payload, event.signature);
      expect(failed.statusCode).toBe(503);
    } finally {
      fake.outage.on = false;
    }
    expect((await paymentRows(t.app, order.id))[0]).toMatchObject({ intentId, refundedAt: null });

    const retried = await deliver(event.payload, event.signature);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await paymentRows(t.app, order.id))[0]?.refundedAt).toBeInstanceOf(Date);
    expect(fake.refunds.filter((r) => r.paymentIntent === intentId)).toHaveLength(1);
  });
});
