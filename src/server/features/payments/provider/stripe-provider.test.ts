import { describe, expect, it } from "vitest";
import { createStripeProvider, fromStripeIntent } from "./stripe-provider.ts";
import { sdk, signedEvent, stripeEnv, stripeIntent, WEBHOOK_SECRET } from "./stripe-testing.ts";

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
