import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { payments, testPaymentIntents } from "#server/db/schema.ts";
import { call } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import type { Order } from "#shared/schemas/orders.ts";
import type { PaymentIntentResponse } from "#shared/schemas/payments.ts";

/** Helpers shared by the payment tests of both providers. */

/** A buyer who has just booked a fresh bike at this price, and their cookie. */
export async function bookedOrder(app: FastifyInstance, askingPrice = 150_000) {
  const { user, cookie } = await signedInUser(app, { role: "buyer" });
  const listing = await buildListing(app, { askingPrice });
  return { buyer: user, cookie, order: await bookOrder(app, cookie, listing.id) };
}

export function startPayment(
  app: FastifyInstance,
  cookie: string | undefined,
  orderId: string,
  payload?: object,
) {
  return call(app, { method: "POST", url: `/api/orders/${orderId}/payment-intent`, cookie, payload });
}

/** Whether the buyer's order reads as paid through the API. */
export async function orderPaid(app: FastifyInstance, cookie: string, orderId: string) {
  const res = await call(app, { method: "GET", url: `/api/orders/${orderId}`, cookie });
  return (res.json().order as Order).paid;
}

export const paymentRows = (app: FastifyInstance, orderId: string) =>
  app.db.select().from(payments).where(eq(payments.orderId, orderId));

export const GOOD_CARD = "4242 4242 4242 4242";
const future = { expMonth: 12, expYear: new Date().getFullYear() + 3 };
export const card = (number: string, over: Record<string, unknown> = {}) => ({
  number,
  ...future,
  cvc: "123",
  ...over,
});

export async function openIntent(app: FastifyInstance, cookie: string, orderId: string) {
  const res = await startPayment(app, cookie, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentIntentResponse;
}

export async function testIntent(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
  return row!;
}

export function confirm(
  app: FastifyInstance,
  cookie: string,
  intent: PaymentIntentResponse,
  payload: object,
) {
  return call(app, {
    method: "POST",
    url: "/api/payments/confirm",
    cookie,
    payload: { intentId: intent.intentId, clientSecret: intent.clientSecret, ...payload },
  });
}

/** A fresh seller's bike bought by card by a fresh buyer at this price: both people and the paid order. */
export async function cardPaid(app: FastifyInstance, askingPrice = 200_000, model = "Pulsar 150") {
  const seller = await signedInUser(app, { role: "seller" });
  const buyer = await signedInUser(app, { role: "buyer" });
  const listing = await buildListing(app, { sellerId: seller.user.id, askingPrice, model });
  const booked = await bookOrder(app, buyer.cookie, listing.id);
  const intent = await openIntent(app, buyer.cookie, booked.id);
  const paid = await confirm(app, buyer.cookie, intent, { card: card(GOOD_CARD) });
  expect(paid.statusCode, paid.body).toBe(200);
  return { seller, buyer, listing, order: paid.json().order as Order };
}
