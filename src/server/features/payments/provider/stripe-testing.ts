import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { createStripeProvider } from "./stripe-provider.ts";

/** Stripe as the tests meet it: its objects, signed webhook deliveries and a local stand-in for its API. */

export const WEBHOOK_SECRET = "whsec_motohaat_test_secret";
export const stripeEnv = {
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_motohaat",
  STRIPE_PUBLISHABLE_KEY: "pk_test_motohaat",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

/** Stripe's PaymentIntent as its API and webhooks send it (the fields we read, and a few we do not). */
export function stripeIntent(over: Record<string, unknown> = {}): Stripe.PaymentIntent {
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

export const sdk = new Stripe(stripeEnv.STRIPE_SECRET_KEY);

/** A webhook delivery signed the way Stripe signs it, by the SDK's own test helper. */
export function signedEvent(
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

/**
 * A stand-in for api.stripe.com on a local port: the SDK is pointed at it (host/port/protocol),
 * so our server really talks Stripe's HTTP API, and the test plays the browser's part by changing
 * an intent's status as Stripe Elements would after the buyer confirms.
 */
export function fakeStripeApi() {
  const intents = new Map<string, Stripe.PaymentIntent>();
  const creates: { body: URLSearchParams; idempotencyKey: string | undefined }[] = [];
  /** Every refund asked for: the intent and the idempotency key. */
  const refunds: { paymentIntent: string | null; idempotencyKey: string | undefined }[] = [];
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
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const body = await readBody(req);
      const key = req.headers["idempotency-key"];
      const paymentIntent = body.get("payment_intent");
      refunds.push({ paymentIntent, idempotencyKey: typeof key === "string" ? key : undefined });
      return send(200, { id: `re_fake_${refunds.length}`, object: "refund", payment_intent: paymentIntent });
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
  return { server, intents, creates, refunds, outage };
}

/**
 * Starts `fake` on a loopback port and returns a Stripe provider whose SDK talks to it (no retries:
 * a test says what one failure does).
 */
export async function stripeProviderOn(fake: ReturnType<typeof fakeStripeApi>) {
  await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
  const { port } = fake.server.address() as AddressInfo;
  const client = new Stripe(stripeEnv.STRIPE_SECRET_KEY, {
    host: "127.0.0.1",
    port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
  return createStripeProvider({
    secretKey: stripeEnv.STRIPE_SECRET_KEY,
    publishableKey: stripeEnv.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    client,
  });
}
