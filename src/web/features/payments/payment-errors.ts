import { MSG } from "#shared/messages.ts";
import type { CardField } from "#shared/schemas/payments.ts";
import { ApiError } from "#web/lib/api-client.ts";

/** The server names card fields as the body does (`card.expMonth`); the form has three inputs. */
const formField: Record<string, CardField> = {
  "card.number": "number",
  "card.expiry": "expiry",
  "card.expMonth": "expiry",
  "card.expYear": "expiry",
  "card.cvc": "cvc",
};

/** What a failed payment says to the buyer: the provider's own words, and the fields they concern. */
export function paymentFailure(err: unknown): {
  message: string;
  fields: Partial<Record<CardField, string>>;
} {
  if (!(err instanceof ApiError)) return { message: MSG.generic.somethingWrong, fields: {} };
  const fields: Partial<Record<CardField, string>> = {};
  for (const [name, message] of Object.entries(err.fieldErrors)) {
    const field = formField[name];
    if (field) fields[field] ??= message;
  }
  return { message: err.message || MSG.generic.somethingWrong, fields };
}

/** A 409 "already paid": the order changed under the page, which then shows it paid. */
export const isAlreadyPaid = (err: unknown) =>
  err instanceof ApiError && err.status === 409 && err.message === MSG.payment.alreadyPaid;
