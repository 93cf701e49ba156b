import Stripe from "stripe";
import { ServiceUnavailable } from "#server/errors.ts";
import { MSG } from "#shared/messages.ts";
import { CardError, type PaymentIntent, type PaymentProvider, type WebhookEvent } from "./provider.ts";

type StripeIntent = Stripe.PaymentIntent;

/** Stripe's PaymentIntent → ours. Stripe spells currencies in lower case; we use ISO upper case. */
export function fromStripeIntent(pi: StripeIntent): PaymentIntent {
  const pm = typeof pi.payment_method === "object" && pi.payment_method ? pi.payment_method : null;
  const status: string = pi.status;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? "",
    amount: pi.amount,
    currency: pi.currency.toUpperCase(),
    status:
      status === "succeeded" ||
      status === "processing" ||
      status === "canceled" ||
      status === "requires_action"
        ? status
        : "requires_payment_method",
    orderId: pi.metadata?.orderId ?? "",
    lastPaymentError: pi.last_payment_error
      ? { code: pi.last_payment_error.code ?? "card_error", message: pi.last_payment_error.message ?? "" }
      : null,
    card: pm?.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null,
  };
}

/** Seconds a buyer is asked to wait when Stripe is failing. */
const OUTAGE_RETRY_SECONDS = 60;

/**
 * Stripe failing on its side (5xx, api_error) or out of reach is an outage: an honest 503 with
 * Retry-After, never a card decline nor a server error of ours. Anything else goes on as it is.
 */
function outageOr(err: unknown): unknown {
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    (err instanceof Stripe.errors.StripeError && (err.statusCode ?? 0) >= 500)
  ) {
    return new ServiceUnavailable(MSG.payment.providerUnavailable, OUTAGE_RETRY_SECONDS);
  }
  return err;
}

/**
 * Stripe through its official SDK. Cards are entered in Stripe Elements and confirmed in the
 * browser; the server creates intents, retrieves them, and trusts only signed webhooks.
 */
export function createStripeProvider(opts: {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  client?: Stripe;
}): PaymentProvider {
  const stripe = opts.client ?? new Stripe(opts.secretKey);
  return {
    name: "stripe",
    publishableKey: opts.publishableKey,
    async createIntent({ orderId, amount, currency, replaces }) {
      const pi = await stripe.paymentIntents
        .create(
          {
            amount,
            currency: currency.toLowerCase(),
            allowed_payment_method_types: ["card"],
            metadata: { orderId },
          },
          // One open intent per order and amount, even if two requests race here. Stripe answers a
          // repeated key with its first answer for 24 hours, so a replacement needs a key of its own.
          { idempotencyKey: `order-${orderId}-${amount}-after-${replaces ?? "none"}` },
        )
        .catch((err: unknown) => {
          // Stripe caps one charge (99,999,999 in the currency's smallest unit): the buyer is told, in
          // Stripe's words, rather than meeting a server error.
          if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "amount_too_large") {
            throw new CardError(err.code, err.message);
          }
          throw outageOr(err);
        });
      return fromStripeIntent(pi);
    },
    async retrieveIntent(id) {
      try {
        return fromStripeIntent(await stripe.paymentIntents.retrieve(id, { expand: ["payment_method"] }));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw outageOr(err);
      }
    },
    async refund(intentId) {
      // The key makes a repeated refund (a webhook delivered twice, a retry) Stripe's first answer.
      await stripe.refunds
        .create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` })
        .catch((err: unknown) => {
          // Already refunded in full (by us before, or from Stripe's dashboard): nothing left to do.
          if (
            err instanceof Stripe.errors.StripeInvalidRequestError &&
            err.code === "charge_already_refunded"
          )
            return;
          throw outageOr(err);
        });
    },
    verifyWebhook(rawBody, signature): WebhookEvent {
      const event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      const object = event.data.object as { object?: string };
      const intent = object.object === "payment_intent" ? fromStripeIntent(object as StripeIntent) : null;
      return { type: event.type, intent };
    },
  };
}
