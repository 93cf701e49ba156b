import type { CardField } from "#shared/schemas/payments.ts";

/** The one shape the rest of the code knows: create, confirm (test provider), retrieve, verify webhook. */
type IntentStatus = "requires_payment_method" | "processing" | "succeeded" | "canceled" | "requires_action";

export type PaymentIntent = {
  id: string;
  clientSecret: string;
  /** Poisha. */
  amount: number;
  currency: string;
  status: IntentStatus;
  orderId: string;
  lastPaymentError: { code: string; message: string } | null;
  card: { brand: string; last4: string } | null;
};

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export type WebhookEvent = { type: string; intent: PaymentIntent | null };

export interface PaymentProvider {
  readonly name: "test" | "stripe";
  /** Shown to the browser (Stripe Elements needs it); null for the test provider. */
  readonly publishableKey: string | null;
  createIntent(input: {
    orderId: string;
    amount: number;
    currency: string;
    /** The order's earlier intent this one replaces (null for the first): part of its identity. */
    replaces: string | null;
  }): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Gives a succeeded intent's whole amount back (a payment that arrived after its booking had ended
   * and its bike had gone to someone else). Repeating it for the same intent refunds once.
   */
  refund(intentId: string): Promise<void>;
  /** Test provider only: the browser sends the card to us. Stripe confirms in the browser. */
  confirm?(intentId: string, card: CardInput): Promise<PaymentIntent>;
  /** Stripe only: checks the signature and returns the event, or throws. */
  verifyWebhook?(rawBody: Buffer, signature: string): WebhookEvent;
}

/** A card problem the provider reports; shown to the buyer in red with the provider's text. */
export class CardError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** Which fields the buyer typed wrong, when the card was refused before charging. */
    readonly fields: Partial<Record<CardField, string>> = {},
  ) {
    super(message);
  }
}

/** Test provider: another confirmation of the same intent is processing it now (409 to the buyer). */
export class PaymentInProgress extends Error {}
