import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookedOrder, orderPaid, paymentRows, startPayment } from "#server/features/payments/testing.ts";
import { call, createTestApp, expectProblem, setupTestApp, type TestApp } from "#server/test/app.ts";
import { captureLogs } from "#server/test/logs.ts";
import { MSG } from "#shared/messages.ts";
import type { PaymentIntentResponse } from "#shared/schemas/payments.ts";
import { createStripeProvider, fromStripeIntent } from "./stripe-provider.ts";

const WEBHOOK_SECRET = "whsec_motohaat_test_secret";
const stripeEnv = {
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_motohaat",
  STRIPE_PUBLISHABLE_KEY: "pk_test_motohaat",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

/** Stripe's PaymentIntent as its API and webhooks send it (the fields we read, and a few we do not). */
function stripeIntent(over: Record<string, unknown> = {}): Stripe.PaymentIntent {
  return {
    id: "pi_3Pexample",
    object: "payment_intent",
    amount: 15_000_000,
    amount_received: 0,
    currency: "bdt",
    status: "requires_payment_method",
    client_secret: "pi_3Pexample_secret_abc",
    metadata: { orderId: "6f1c2b9e-0000-4000-8000-000000000001" },
    payment_method: null,
    last_payment_error: null,
    livemode: false,
    created: 1_700_000_000,
    ...over,
  } as unknown as Stripe.PaymentIntent;
}

const sdk = new Stripe(stripeEnv.STRIPE_SECRET_KEY);

/** A webhook delivery signed the way Stripe signs it, by the SDK's own test helper. */
function signedEvent(
  intent: Stripe.PaymentIntent,
  opts: { type?: string; timestamp?: number; secret?: string } = {},
) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type: opts.type ?? "payment_intent.succeeded",
    data: { object: intent },
  });
  const signature = sdk.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return { payload, signature };
}

describe("Stripe objects → ours", () => {
  it("maps amount, currency (upper case), order, card and error", () => {
    const intent = fromStripeIntent(
      stripeIntent({
        status: "succeeded",
        payment_method: { id: "pm_1", object: "payment_method", card: { brand: "visa", last4: "4242" } },
      }),
    );
    expect(intent).toEqual({
      id: "pi_3Pexample",
      clientSecret: "pi_3Pexample_secret_abc",
      amount: 15_000_000,
      currency: "BDT",
      status: "succeeded",
      orderId: "6f1c2b9e-0000-4000-8000-000000000001",
      lastPaymentError: null,
      card: { brand: "visa", last4: "4242" },
    });

    const failed = fromStripeIntent(
      stripeIntent({
        payment_method: "pm_2",
        last_payment_error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
      }),
    );
    expect(failed).toMatchObject({
      status: "requires_payment_method",
      card: null,
      lastPaymentError: { code: "card_declined", message: "Your card was declined." },
    });
  });

  it.each([
    ["requires_payment_method", "requires_payment_method"],
    ["requires_confirmation", "requires_payment_method"],
    ["requires_action", "requires_action"],
    ["processing", "processing"],
    ["requires_capture", "requires_payment_method"],
    ["canceled", "canceled"],
    ["succeeded", "succeeded"],
  ])("maps status %s to %s", (stripeStatus, ours) => {
    expect(fromStripeIntent(stripeIntent({ status: stripeStatus })).status).toBe(ours);
  });

  it("leaves the order empty for an intent made outside MotoHaat", () => {
    expect(fromStripeIntent(stripeIntent({ metadata: {} })).orderId).toBe("");
  });
});

describe("webhook signature verification", () => {
  const provider = createStripeProvider({
    secretKey: stripeEnv.STRIPE_SECRET_KEY,
    publishableKey: stripeEnv.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
  });
  const verify = (body: string, signature: string) => provider.verifyWebhook!(Buffer.from(body), signature);

  it("accepts a delivery signed with our secret and reads its intent", () => {
    const { payload, signature } = signedEvent(stripeIntent({ status: "succeeded" }));
    expect(verify(payload, signature)).toMatchObject({
      type: "payment_intent.succeeded",
      intent: { id: "pi_3Pexample", status: "succeeded", amount: 15_000_000, currency: "BDT" },
    });
  });

  it("refuses a body changed after signing", () => {
    const { payload, signature } = signedEvent(stripeIntent({ status: "succeeded" }));
    expect(() => verify(payload.replace("15000000", "100"), signature)).toThrow();
  });

  it("refuses a delivery signed more than five minutes ago (a replay)", () => {
    const { payload, signature } = signedEvent(stripeIntent(), {
      timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    });
    expect(() => verify(payload, signature)).toThrow(/timestamp/i);
  });

  it("refuses another secret's signature, and no signature", () => {
    const { payload, signature } = signedEvent(stripeIntent(), { secret: "whsec_someone_else" });
    expect(() => verify(payload, signature)).toThrow();
    expect(() => verify(payload, "")).toThrow();
  });

  it("reads other events without an intent", () => {
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "charge.refunded",
      data: { object: { id: "ch_1", object: "charge" } },
    });
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(verify(payload, signature)).toEqual({ type: "charge.refunded", intent: null });
  });
});

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
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
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

/**
 * A stand-in for api.stripe.com on a local port: the SDK is pointed at it (host/port/protocol),
 * so our server really talks Stripe's HTTP API, and the test plays the browser's part by changing
 * an intent's status as Stripe Elements would after the buyer confirms.
 */
function fakeStripeApi() {
  const intents = new Map<string, Stripe.PaymentIntent>();
  const creates: { body: URLSearchParams; idempotencyKey: string | undefined }[] = [];
  let next = 0;
  /** While set, every call answers as Stripe does when it is failing (500, api_error). */
  const outage = { on: false };
  const readBody = async (req: IncomingMessage) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    return new URLSearchParams(text);
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (outage.on) {
      return send(500, { error: { type: "api_error", message: "Something went wrong on Stripe's end." } });
    }
    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      const body = await readBody(req);
      const key = req.headers["idempotency-key"];
      creates.push({ body, idempotencyKey: typeof key === "string" ? key : undefined });
      if (Number(body.get("amount")) > 99_999_999) {
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "amount_too_large",
            param: "amount",
            message: "Amount must be no more than ৳999,999.99",
          },
        });
      }
      const id = `pi_fake_${++next}`;
      const intent = stripeIntent({
        id,
        client_secret: `${id}_secret_fake`,
        amount: Number(body.get("amount")),
        currency: body.get("currency"),
        metadata: { orderId: body.get("metadata[orderId]") },
      });
      intents.set(id, intent);
      return send(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && match) {
      const intent = intents.get(match[1]!);
      if (!intent) {
        return send(404, {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: "No such payment_intent",
          },
        });
      }
      const expanded = url.searchParams.getAll("expand[]").concat(url.searchParams.getAll("expand[0]"));
      const pm = intent.payment_method;
      return send(200, {
        ...intent,
        payment_method:
          pm && expanded.includes("payment_method")
            ? { id: pm, object: "payment_method", card: { brand: "visa", last4: "4242" } }
            : pm,
      });
    }
    send(404, {
      error: { type: "invalid_request_error", message: `Unexpected ${req.method} ${url.pathname}` },
    });
  });
  return { server, intents, creates, outage };
}

describe("paying through Stripe's API (a local stand-in)", () => {
  const fake = fakeStripeApi();
  let t: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    const { port } = fake.server.address() as AddressInfo;
    const client = new Stripe(stripeEnv.STRIPE_SECRET_KEY, {
      host: "127.0.0.1",
      port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const paymentProvider = createStripeProvider({
      secretKey: stripeEnv.STRIPE_SECRET_KEY,
      publishableKey: stripeEnv.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      client,
    });
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
