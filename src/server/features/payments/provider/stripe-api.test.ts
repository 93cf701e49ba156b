import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookedOrder, orderPaid, paymentRows, startPayment } from "#server/features/payments/testing.ts";
import { call, createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import { MSG } from "#shared/messages.ts";
import type { PaymentIntentResponse } from "#shared/schemas/payments.ts";
import { fakeStripeApi, stripeEnv, stripeIntent, stripeProviderOn } from "./stripe-testing.ts";

describe("paying through Stripe's API (a local stand-in)", () => {
  const fake = fakeStripeApi();
  let t: TestApp;
  beforeAll(async () => {
    const paymentProvider = await stripeProviderOn(fake);
    t = await createTestApp(stripeEnv, {}, undefined, { paymentProvider });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  const report = (cookie: string, intent: PaymentIntentResponse, extra: object = {}) =>
    call(t.app, {
      method: "POST",
      url: "/api/payments/confirm",
      cookie,
      payload: { intentId: intent.intentId, clientSecret: intent.clientSecret, ...extra },
    });

  it("creates the intent from the order's price and hands the browser what Elements needs", async () => {
    const { cookie, order } = await bookedOrder(t.app, 175_000);
    const res = await startPayment(t.app, cookie, order.id, { amount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const intent = res.json() as PaymentIntentResponse;
    expect(intent).toMatchObject({
      provider: "stripe",
      publishableKey: stripeEnv.STRIPE_PUBLISHABLE_KEY,
      amount: 17_500_000,
      currency: "BDT",
      status: "requires_payment_method",
    });
    const created = fake.creates.at(-1)!;
    expect(created.body.get("amount")).toBe("17500000");
    expect(created.body.get("currency")).toBe("bdt");
    expect(created.body.get("metadata[orderId]")).toBe(order.id);
    expect(created.idempotencyKey).toContain(order.id);

    // Coming back to the page reuses the open intent instead of creating another.
    const count = fake.creates.length;
    expect((await startPayment(t.app, cookie, order.id)).json().intentId).toBe(intent.intentId);
    expect(fake.creates.length).toBe(count);
  });

  it("tells the buyer in Stripe's words when the price is above what one card charge may be", async () => {
    const { cookie, order } = await bookedOrder(t.app, 1_000_000);
    const res = await startPayment(t.app, cookie, order.id);
    expectProblem(res, 402, "Amount must be no more than ৳999,999.99");
    expect(await orderPaid(t.app, cookie, order.id)).toBe(false);
  });

  it("marks the order paid only when Stripe says the intent succeeded, with the card's last 4", async () => {
    const { cookie, order } = await bookedOrder(t.app, 175_000);
    const intent = (await startPayment(t.app, cookie, order.id)).json() as PaymentIntentResponse;

    // The browser claims success before Stripe has it: refused.
    expectProblem(await report(cookie, intent), 409, MSG.payment.notSucceeded);
    // A card error Stripe recorded is passed on in Stripe's words.
    fake.intents.set(
      intent.intentId,
      stripeIntent({
        ...fake.intents.get(intent.intentId),
        last_payment_error: { type: "card_error", code: "card_declined", message: MSG.payment.declined },
      }),
    );
    expectProblem(await report(cookie, intent), 402, MSG.payment.declined);

    fake.intents.set(
      intent.intentId,
      stripeIntent({
        ...fake.intents.get(intent.intentId),
        status: "succeeded",
        payment_method: "pm_card_visa",
        last_payment_error: null,
      }),
    );
    const paid = await report(cookie, intent, { card: undefined });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paymentId: intent.intentId, order: { paid: true } });
    const rows = await paymentRows(t.app, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "stripe",
      amount: 17_500_000,
      cardBrand: "visa",
      cardLast4: "4242",
    });
  });

  it.each([
    ["canceled", { status: "canceled" }],
    ["for another amount", { amount: 100 }],
    ["in another currency", { currency: "usd" }],
  ])("replaces an intent %s with a new one for the order's price", async (_what, stale) => {
    const { cookie, order } = await bookedOrder(t.app, 175_000);
    const first = (await startPayment(t.app, cookie, order.id)).json() as PaymentIntentResponse;
    fake.intents.set(first.intentId, stripeIntent({ ...fake.intents.get(first.intentId), ...stale }));

    const res = await startPayment(t.app, cookie, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json() as PaymentIntentResponse;
    expect(second.intentId).not.toBe(first.intentId);
    expect(second).toMatchObject({ amount: 17_500_000, currency: "BDT", status: "requires_payment_method" });
    // Stripe would answer the first intent's key with the first intent: the replacement has its own.
    expect(fake.creates.at(-1)!.idempotencyKey).toBe(`order-${order.id}-17500000-after-${first.intentId}`);
    // The order now points at the new intent: the buyer's next visit gets it again.
    expect((await startPayment(t.app, cookie, order.id)).json().intentId).toBe(second.intentId);
  });

  it("replaces an intent Stripe no longer knows (deleted test data, another account) instead of failing", async () => {
    const { cookie, order } = await bookedOrder(t.app, 175_000);
    const first = (await startPayment(t.app, cookie, order.id)).json() as PaymentIntentResponse;
    fake.intents.delete(first.intentId);

    const res = await startPayment(t.app, cookie, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json() as PaymentIntentResponse;
    expect(second.intentId).not.toBe(first.intentId);
    expect(second).toMatchObject({ amount: 17_500_000, currency: "BDT", status: "requires_payment_method" });
    expect((await startPayment(t.app, cookie, order.id)).json().intentId).toBe(second.intentId);
  });

  it.each(["processing", "requires_action"])(
    "keeps an intent that is %s: the buyer's payment is under way",
    async (status) => {
      const { cookie, order } = await bookedOrder(t.app, 175_000);
      const first = (await startPayment(t.app, cookie, order.id)).json() as PaymentIntentResponse;
      fake.intents.set(first.intentId, stripeIntent({ ...fake.intents.get(first.intentId), status }));
      const count = fake.creates.length;

      const res = await startPayment(t.app, cookie, order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ intentId: first.intentId, status });
      expect(fake.creates.length).toBe(count);
    },
  );

  it("answers a Stripe outage with 503 and Retry-After, not a card decline, and the order stays payable", async () => {
    const { cookie, order } = await bookedOrder(t.app, 175_000);
    fake.outage.on = true;
    try {
      const res = await startPayment(t.app, cookie, order.id);
      expectProblem(res, 503, MSG.payment.providerUnavailable);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      fake.outage.on = false;
    }
    const intent = (await startPayment(t.app, cookie, order.id)).json() as PaymentIntentResponse;

    fake.outage.on = true;
    try {
      // Not "unknown intent" (Stripe's 404) either: the intent exists, Stripe cannot say so now.
      expectProblem(await report(cookie, intent), 503, MSG.payment.providerUnavailable);
    } finally {
      fake.outage.on = false;
    }
    expect(await orderPaid(t.app, cookie, order.id)).toBe(false);
    expectProblem(await report(cookie, intent), 409, MSG.payment.notSucceeded);
  });

  it("answers 404 for an intent Stripe does not know", async () => {
    const { cookie, order } = await bookedOrder(t.app);
    const intent = (await startPayment(t.app, cookie, order.id)).json() as PaymentIntentResponse;
    fake.intents.delete(intent.intentId);
    expectProblem(await report(cookie, intent), 404, MSG.payment.unknownIntent);
  });
});
