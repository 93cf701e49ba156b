import { MSG } from "#shared/messages.ts";
import type { ProblemCode } from "#shared/problem-codes.ts";
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
  // Our own 503 on a payment is the provider's outage, before any charge: say so in its words (the
  // client shows no 5xx's details, so only the answer's code arrives here).
  if (isProviderOutage(err)) return MSG.payment.providerUnavailable;
  return err instanceof ApiError && err.message ? err.message : MSG.generic.somethingWrong;
}

/** The server itself answered that the card provider is down (a gateway's 503 has no code). */
const isProviderOutage = (err: unknown) =>
  err instanceof ApiError && err.code === "payment.providerUnavailable";

/** A 409 "already paid": the order changed under the page, which then shows it paid. */
export const isAlreadyPaid = (err: unknown) => err instanceof ApiError && err.code === "payment.alreadyPaid";

const HOLD_ENDED: ReadonlySet<ProblemCode | undefined> = new Set<ProblemCode>([
  "payment.notHeld.expired",
  "payment.notHeld.cancelled",
  "payment.notHeld.released",
  "payment.lateRefunded",
]);

/**
 * A 409 saying the order is no longer held (its time to pay ran out, or it was cancelled or released):
 * the server charged nothing — or, for money that reached the provider after the bike went to someone
 * else, is refunding it (`lateRefunded`) — and the page offers nothing to pay, in the server's words.
 */
export const isHoldEnded = (err: unknown) => err instanceof ApiError && HOLD_ENDED.has(err.code);

/**
 * A confirmation that got no answer, or a 5xx: the card may or may not have been charged. A 4xx is
 * an answer (declined, a field wrong, already paid), and so is our own 503 (the provider was down,
 * nothing was charged): nothing moved that the page does not know.
 */
export const outcomeUnknown = (err: unknown) =>
  !(err instanceof ApiError) || err.status === 0 || (err.status >= 500 && !isProviderOutage(err));

/** Intent statuses in which no money has moved yet (Stripe's names; the test provider uses the first). */
export const NOT_CHARGED = new Set([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "canceled",
]);
