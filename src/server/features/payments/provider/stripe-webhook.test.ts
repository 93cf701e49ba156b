import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookedOrder, orderPaid, paymentRows, startPayment } from "#server/features/payments/testing.ts";
import { call, createTestApp, expectProblem, setupTestApp, type TestApp } from "#server/test/app.ts";
import { captureLogs } from "#server/test/logs.ts";
import { MSG } from "#shared/messages.ts";
import { signedEvent, stripeEnv, stripeIntent } from "./stripe-testing.ts";

describe("POST /api/payments/webhook with PAYMENT_PROVIDER=stripe", () => {
  const { lines, stream } = captureLogs();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(stripeEnv, {}, undefined, { logger: { level: "warn", stream } });
  });
  afterAll(() => t.close());

  /** Stripe calls without our Origin or session: the signature is the only credential. */
  const deliver = (payload: string, signature: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
      payload,
    });

  const orderIntent = async (over: Record<string, unknown> = {}) => {
    const booked = await bookedOrder(t.app, 150_000);
    const intent = stripeIntent({
      id: `pi_${Math.random().toString(36).slice(2)}`,
      status: "succeeded",
      amount: 15_000_000,
      metadata: { orderId: booked.order.id },
      ...over,
    });
    return { ...booked, intent };
  };

  it("marks the order paid once, however often Stripe delivers the event", async () => {
    const { cookie, order, intent } = await orderIntent();
    const { payload, signature } = signedEvent(intent);
    const first = await deliver(payload, signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await orderPaid(t.app, cookie, order.id)).toBe(true);
    const paidAt = async () =>
      (await call(t.app, { method: "GET", url: `/api/orders/${order.id}`, cookie })).json().order.paidAt;
    const firstPaidAt = await paidAt();

    const again = await Promise.all([deliver(payload, signature), deliver(payload, signature)]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await paidAt(), "a replay does not move the payment's time").toBe(firstPaidAt);
    const rows = await paymentRows(t.app, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "stripe",
      intentId: intent.id,
      amount: 15_000_000,
      currency: "BDT",
    });
    // With the order paid, the buyer cannot start another payment.
    expectProblem(await startPayment(t.app, cookie, order.id), 409, MSG.payment.alreadyPaid);
  });

  it.each([
    ["an amount that is not the order's price", { amount: 100 }],
    ["another currency", { currency: "usd" }],
  ])("refuses and logs %s; the order stays unpaid", async (_what, over) => {
    const { cookie, order, intent } = await orderIntent(over);
    const { payload, signature } = signedEvent(intent);
    // Taken (200), so Stripe does not retry what can never succeed, but not recorded.
    const res = await deliver(payload, signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await orderPaid(t.app, cookie, order.id)).toBe(false);
    expect(await paymentRows(t.app, order.id)).toHaveLength(0);
    const logged = lines.find((l) => l.intentId === intent.id);
    expect(logged).toMatchObject({
      level: 50,
      orderId: order.id,
      expected: 15_000_000,
      msg: expect.stringMatching(/amount or currency does not match/),
    });
  });

  it.each([
    ["an order that does not exist", "6f1c2b9e-0000-4000-8000-00000000dead"],
    ["an order id that is not one of ours", "order-17"],
  ])(
    "acknowledges and logs a payment for %s, instead of a 500 Stripe would retry",
    async (_what, orderId) => {
      const intent = stripeIntent({
        id: `pi_${Math.random().toString(36).slice(2)}`,
        status: "succeeded",
        metadata: { orderId },
      });
      const { payload, signature } = signedEvent(intent);
      const res = await deliver(payload, signature);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
      const logged = lines.find((l) => l.intentId === intent.id);
      expect(logged).toMatchObject({ level: 50, orderId, msg: "webhook: payment not recorded" });
    },
  );

  it("answers 400 to a bad signature and changes nothing", async () => {
    const { cookie, order, intent } = await orderIntent();
    const { payload } = signedEvent(intent);
    const forged = signedEvent(intent, { secret: "whsec_attacker" });
    expectProblem(await deliver(payload, forged.signature), 400, MSG.payment.badSignature);
    expectProblem(await deliver(payload, ""), 400, MSG.payment.badSignature);
    const changed = payload.replace('"amount":15000000', '"amount":15000001');
    expect(changed).not.toBe(payload);
    expectProblem(await deliver(changed, signedEvent(intent).signature), 400, MSG.payment.badSignature);
    expect(await orderPaid(t.app, cookie, order.id)).toBe(false);
  });

  it("acknowledges events it does not act on", async () => {
    const { cookie, order, intent } = await orderIntent({ status: "requires_payment_method" });
    const failed = signedEvent(intent, { type: "payment_intent.payment_failed" });
    expect((await deliver(failed.payload, failed.signature)).statusCode).toBe(200);
    const foreign = signedEvent(stripeIntent({ id: "pi_not_ours", status: "succeeded", metadata: {} }));
    expect((await deliver(foreign.payload, foreign.signature)).statusCode).toBe(200);
    expect(await orderPaid(t.app, cookie, order.id)).toBe(false);
  });

  it("lets the browser load Stripe.js and its frames (CSP)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self' [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
  });
});

describe("with the test provider, Stripe stays out of the page", () => {
  const t = setupTestApp();
  it("allows no Stripe origin in the CSP", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(String(res.headers["content-security-policy"])).not.toContain("stripe");
  });
});
