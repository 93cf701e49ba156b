import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { testPaymentIntents } from "#server/db/schema.ts";
import { listingDetail } from "#server/features/listings/testing.ts";
import { cancel, listingStatus, orderRow, passHold, release } from "#server/features/orders/testing.ts";
import { createTestProvider } from "#server/features/payments/provider/test-provider.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { sweepExpiredHolds } from "#server/workflows/hold-endings.ts";
import { recordPayment } from "#server/workflows/payment.ts";
import { MSG } from "#shared/messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { card, confirm, GOOD_CARD, openIntent, paymentRows, startPayment, testIntent } from "./testing.ts";

/** A seller's bike booked by a fresh buyer: their cookies, the order and the bike. */
async function heldBooking(app: FastifyInstance, askingPrice = 150_000) {
  const seller = await signedInUser(app, { role: "seller" });
  const buyer = await signedInUser(app, { role: "buyer" });
  const listing = await buildListing(app, { sellerId: seller.user.id, askingPrice });
  const order = await bookOrder(app, buyer.cookie, listing.id);
  return { seller, buyer, listing, order };
}

async function readOrder(app: FastifyInstance, cookie: string, id: string): Promise<Order> {
  const res = await call(app, { method: "GET", url: `/api/orders/${id}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order;
}

/** Every intent the test provider holds for the order: what it was asked to create or charge. */
const intentsOf = (app: FastifyInstance, orderId: string) =>
  app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId));

describe("paying a held booking (test provider)", () => {
  // No sweeper timer: the tests move the clock and sweep when they mean to.
  const t = setupTestApp({}, { holdSweepIntervalMs: null });

  it("within the hold: paid for good, with a receipt (payment id, taka, date); a later sweep leaves it", async () => {
    const { buyer, listing, order } = await heldBooking(t.app, 185_000);
    const intent = await openIntent(t.app, buyer.cookie, order.id);
    const res = await confirm(t.app, buyer.cookie, intent, { card: card(GOOD_CARD) });
    expect(res.statusCode, res.body).toBe(200);
    const paid: Order = res.json().order;
    expect(paid).toMatchObject({
      status: "paid",
      holdUntil: null,
      endedAt: null,
      paid: true,
      receipt: { paymentId: intent.intentId, amount: 185_000, paidAt: paid.paidAt },
      listing: { status: "sold" },
    });
    const mine = await call(t.app, { method: "GET", url: "/api/me/orders", cookie: buyer.cookie });
    expect(mine.json().items.find((o: Order) => o.id === order.id)).toEqual(paid);
    expect((await listingDetail(t.app, listing.id, buyer.cookie)).myOrder).toEqual({
      id: order.id,
      status: "paid",
      holdUntil: null,
    });

    // The hold's time passing changes nothing for a paid order.
    await passHold(t.app, order.id);
    await sweepExpiredHolds(t.app.db);
    expect(await readOrder(t.app, buyer.cookie, order.id)).toEqual(paid);
    expect(await listingStatus(t.app, listing.id)).toBe("sold");
  });

  it.each([
    ["expired", "its hold ran out, not swept yet"],
    ["cancelled", "the buyer cancelled it"],
    ["released", "the seller released it"],
  ] as const)("%s (%s): paying is refused with 409 and nothing is charged", async (state, _how) => {
    const { seller, buyer, order } = await heldBooking(t.app);
    const intent = await openIntent(t.app, buyer.cookie, order.id);
    if (state === "expired") await passHold(t.app, order.id);
    if (state === "cancelled") expect((await cancel(t.app, buyer.cookie, order.id)).statusCode).toBe(200);
    if (state === "released") expect((await release(t.app, seller.cookie, order.id)).statusCode).toBe(204);
    const message = MSG.payment.notHeld[state];

    // The card is refused before the provider sees it.
    expectProblem(await confirm(t.app, buyer.cookie, intent, { card: card(GOOD_CARD) }), 409, message);
    expect(await testIntent(t.app, intent.intentId)).toMatchObject({
      status: "requires_payment_method",
      cardLast4: null,
      refundedAt: null,
    });
    // No new intent either: the provider is not asked for anything that could charge.
    expectProblem(await startPayment(t.app, buyer.cookie, order.id), 409, message);
    expect(await intentsOf(t.app, order.id)).toHaveLength(1);
    expect(await paymentRows(t.app, order.id)).toHaveLength(0);
    expect(await readOrder(t.app, buyer.cookie, order.id)).toMatchObject({
      status: state,
      paid: false,
      receipt: null,
    });
  });

  it("a booking never paid cannot start paying once ended: 409 without any intent made", async () => {
    const { buyer, order } = await heldBooking(t.app);
    await passHold(t.app, order.id);
    await sweepExpiredHolds(t.app.db);
    expectProblem(await startPayment(t.app, buyer.cookie, order.id), 409, MSG.payment.notHeld.expired);
    expect(await intentsOf(t.app, order.id)).toHaveLength(0);
  });

  describe("money that reached the provider after the hold ended (its news came late)", () => {
    /** A held order whose intent the provider charged, then its hold ran out and was swept. */
    async function chargedThenExpired() {
      const booking = await heldBooking(t.app);
      const intent = await openIntent(t.app, booking.buyer.cookie, booking.order.id);
      // The charge went through at the provider, but our confirmation never finished (a lost answer).
      await t.app.db
        .update(testPaymentIntents)
        .set({ status: "succeeded", cardBrand: "visa", cardLast4: "4242" })
        .where(eq(testPaymentIntents.id, intent.intentId));
      await passHold(t.app, booking.order.id);
      await sweepExpiredHolds(t.app.db);
      expect(await listingStatus(t.app, booking.listing.id)).toBe("available");
      return { ...booking, intent };
    }

    it("the bike still for sale: the payment is taken and the bike sold to the buyer again", async () => {
      const { buyer, listing, order, intent } = await chargedThenExpired();
      expectProblem(await startPayment(t.app, buyer.cookie, order.id), 409, MSG.payment.alreadyPaid);
      expect(await readOrder(t.app, buyer.cookie, order.id)).toMatchObject({
        status: "paid",
        endedAt: null,
        receipt: { paymentId: intent.intentId, amount: 150_000 },
      });
      expect(await listingStatus(t.app, listing.id)).toBe("sold");
      expect((await testIntent(t.app, intent.intentId)).refundedAt).toBeNull();
    });

    it("the buyer deleted their account meanwhile: refunded, the bike stays for sale", async () => {
      const booking = await heldBooking(t.app);
      const intent = await openIntent(t.app, booking.buyer.cookie, booking.order.id);
      await t.app.db
        .update(testPaymentIntents)
        .set({ status: "succeeded", cardBrand: "visa", cardLast4: "4242" })
        .where(eq(testPaymentIntents.id, intent.intentId));
      const deleted = await call(t.app, {
        method: "DELETE",
        url: "/api/me",
        cookie: booking.buyer.cookie,
        payload: { password: booking.buyer.user.password },
      });
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
      expect(await listingStatus(t.app, booking.listing.id)).toBe("available");

      // The provider's news arrives afterwards (as Stripe's webhook would).
      const provider = createTestProvider(t.app.db);
      const charged = await provider.retrieveIntent(intent.intentId);
      const recorded = await recordPayment(t.app.db, provider, charged!, t.app.config.money, t.app.log);
      expect(recorded.outcome).toBe("refunded");
      expect((await testIntent(t.app, intent.intentId)).refundedAt).toBeInstanceOf(Date);
      expect(await orderRow(t.app, booking.order.id)).toMatchObject({ status: "cancelled", paidAt: null });
      expect(await listingStatus(t.app, booking.listing.id)).toBe("available");
    });

    it("the bike booked by someone else meanwhile: refunded in full, the order stays expired", async () => {
      const { buyer, listing, order, intent } = await chargedThenExpired();
      const next = await signedInUser(t.app, { role: "buyer" });
      const theirs = await bookOrder(t.app, next.cookie, listing.id);

      expectProblem(await startPayment(t.app, buyer.cookie, order.id), 409, MSG.payment.lateRefunded);
      expect((await testIntent(t.app, intent.intentId)).refundedAt).toBeInstanceOf(Date);
      const [payment] = await paymentRows(t.app, order.id);
      expect(payment).toMatchObject({ intentId: intent.intentId, refundedAt: expect.any(Date) });
      expect(await readOrder(t.app, buyer.cookie, order.id)).toMatchObject({
        status: "expired",
        paid: false,
        receipt: null,
      });
      expect(await orderRow(t.app, theirs.id)).toMatchObject({ status: "held" });
      expect(await listingStatus(t.app, listing.id)).toBe("sold");

      // Asked again: the same answer, still one payment, refunded once.
      expectProblem(await startPayment(t.app, buyer.cookie, order.id), 409, MSG.payment.lateRefunded);
      expect(await paymentRows(t.app, order.id)).toHaveLength(1);
    });
  });
});
