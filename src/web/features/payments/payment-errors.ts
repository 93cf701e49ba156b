import { MSG } from "#shared/messages.ts";
import type { CardField } from "#shared/schemas/payments.ts";
import { ApiError } from "#web/lib/api-client.ts";

/** The server names card fields as the body does (`card.expMonth`); the form has three inputs. */
export const cardInputs: Record<string, CardField> = {
  "card.number": "number",
  "card.expiry": "expiry",
  "card.expMonth": "expiry",
  "card.expYear": "expiry",
  "card.cvc": "cvc",
};

/** What a failed payment says to the buyer: the provider's own words. */
export function paymentFailure(err: unknown): string {
  return err instanceof ApiError && err.message ? err.message : MSG.generic.somethingWrong;
}

/** A 409 "already paid": the order changed under the page, which then shows it paid. */
export const isAlreadyPaid = (err: unknown) =>
  err instanceof ApiError && err.status === 409 && err.message === MSG.payment.alreadyPaid;

/**
 * A confirmation that got no answer, or a 5xx: the card may or may not have been charged. A 4xx is
 * an answer (declined, a field wrong, already paid), so nothing moved that the page does not know.
 */
export const outcomeUnknown = (err: unknown) =>
  !(err instanceof ApiError) || err.status === 0 || err.status >= 500;

/** Intent statuses in which no money has moved yet (Stripe's names; the test provider uses the first). */
export const NOT_CHARGED = new Set([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "canceled",
]);
