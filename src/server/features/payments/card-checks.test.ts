import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testPaymentIntents } from "#server/db/schema.ts";
import { expectProblem, setupTestApp } from "#server/test/app.ts";
import { MSG } from "#shared/messages.ts";
import { MAX_ASKING_PRICE } from "#shared/schemas/listings.ts";
import type { PaymentIntentResponse } from "#shared/schemas/payments.ts";
import {
  bookedOrder,
  card,
  confirm,
  GOOD_CARD,
  openIntent,
  orderPaid,
  paymentRows,
  startPayment,
  testIntent,
} from "./testing.ts";

/** What the test provider answers for each card, and the amount it charges (who pays, and once: payments.test.ts). */
describe("card payments (test provider)", () => {
  const t = setupTestApp();

  describe("the test cards that fail", () => {
    it.each([
      ["4000 0000 0000 0002", "card_declined", MSG.payment.declined],
      ["4000 0000 0000 9995", "insufficient_funds", MSG.payment.insufficientFunds],
      ["4000 0000 0000 9987", "lost_card", MSG.payment.declined],
      ["4000 0000 0000 9979", "stolen_card", MSG.payment.declined],
      ["4000 0000 0000 0069", "expired_card", "Your card has expired."],
      ["4000 0000 0000 0127", "incorrect_cvc", "Your card's security code is incorrect."],
      [
        "4000 0000 0000 0119",
        "processing_error",
        "An error occurred while processing your card. Try again in a little bit.",
      ],
    ])(
      "%s (%s): 402 with the provider's text, order unpaid, and a good card then works",
      async (number, code, message) => {
        const { cookie, order } = await bookedOrder(t.app);
        const intent = await openIntent(t.app, cookie, order.id);

        const declined = expectProblem(
          await confirm(t.app, cookie, intent, { card: card(number) }),
          402,
          message,
        );
        expect(declined.errors, "a decline is about the card, not one of its fields").toBeUndefined();
        expect(await orderPaid(t.app, cookie, order.id)).toBe(false);
        expect(await paymentRows(t.app, order.id)).toHaveLength(0);
        const [row] = await t.app.db
          .select()
          .from(testPaymentIntents)
          .where(eq(testPaymentIntents.id, intent.intentId));
        expect(row).toMatchObject({ status: "requires_payment_method", lastErrorCode: code });

        // The same intent takes the buyer's next try.
        expect((await openIntent(t.app, cookie, order.id)).intentId).toBe(intent.intentId);
        const retry = await confirm(t.app, cookie, intent, { card: card(GOOD_CARD) });
        expect(retry.statusCode, retry.body).toBe(200);
        expect(await orderPaid(t.app, cookie, order.id)).toBe(true);
      },
    );

    it("declines a valid number that is not a test card, saying which to use", async () => {
      const { cookie, order } = await bookedOrder(t.app);
      const intent = await openIntent(t.app, cookie, order.id);
      const body = expectProblem(
        await confirm(t.app, cookie, intent, { card: card("4111 1111 1111 1111") }),
        402,
      );
      expect(body.detail).toContain(MSG.payment.declined);
      expect(body.detail).toContain("4242 4242 4242 4242");
    });
  });

  describe("card checks, each with its own message on its field", () => {
    // 400: the request's shape is wrong; 402: the card is well-formed but no processor would take it.
    it.each([
      [
        "a number failing the Luhn check",
        { number: "4242 4242 4242 4241" },
        402,
        "card.number",
        MSG.payment.numberInvalid,
      ],
      ["a number too short", { number: "4242 4242" }, 402, "card.number", MSG.payment.numberInvalid],
      [
        "letters in the number",
        { number: "4242 4242 4242 424x" },
        402,
        "card.number",
        MSG.payment.numberInvalid,
      ],
      ["no number", { number: " " }, 400, "card.number", MSG.payment.numberIncomplete],
      ["an expiry last month", lastMonth(), 402, "card.expiry", MSG.payment.expiryPast],
      [
        "an expiry in a past year (two digits)",
        { expMonth: 12, expYear: 20 },
        402,
        "card.expiry",
        MSG.payment.expiryPast,
      ],
      ["month 13", { expMonth: 13 }, 400, "card.expMonth", MSG.payment.expiryMonthInvalid],
      ["a CVC of two digits", { cvc: "12" }, 402, "card.cvc", MSG.payment.cvcLength(3)],
      ["a CVC with letters", { cvc: "12a" }, 402, "card.cvc", MSG.payment.cvcLength(3)],
      [
        "an Amex with a three-digit CVC",
        { number: "3782 822463 10005" },
        402,
        "card.cvc",
        MSG.payment.cvcLength(4),
      ],
      ["a five-digit CVC", { cvc: "12345" }, 400, "card.cvc", MSG.payment.cvcLength(4)],
      ["no CVC", { cvc: "" }, 400, "card.cvc", MSG.payment.cvcIncomplete],
    ])("refuses %s with %i, saying so on its field", async (_what, over, status, field, message) => {
      const { cookie, order } = await bookedOrder(t.app);
      const intent = await openIntent(t.app, cookie, order.id);
      const res = await confirm(t.app, cookie, intent, { card: card(GOOD_CARD, over) });
      expect(expectProblem(res, status, message).errors).toMatchObject({ [field]: message });
      expect(await orderPaid(t.app, cookie, order.id)).toBe(false);
    });

    it("accepts an Amex with its four-digit CVC and a card expiring this month", async () => {
      const { cookie, order } = await bookedOrder(t.app);
      const intent = await openIntent(t.app, cookie, order.id);
      const now = new Date();
      const res = await confirm(t.app, cookie, intent, {
        card: card("3782 822463 10005", {
          cvc: "1234",
          expMonth: now.getUTCMonth() + 1,
          expYear: now.getUTCFullYear() % 100,
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await paymentRows(t.app, order.id))[0]).toMatchObject({ cardBrand: "amex", cardLast4: "0005" });
    });

    it("asks for the card when none is sent", async () => {
      const { cookie, order } = await bookedOrder(t.app);
      const intent = await openIntent(t.app, cookie, order.id);
      const body = expectProblem(await confirm(t.app, cookie, intent, {}), 400, MSG.payment.cardRequired);
      expect(body.errors).toEqual({ card: MSG.payment.cardRequired });
    });
  });

  describe("the amount", () => {
    it("comes from the order: amounts, prices and currencies in a request are ignored", async () => {
      const { cookie, order } = await bookedOrder(t.app, 210_000);
      const res = await startPayment(t.app, cookie, order.id, { amount: 100, price: 1, currency: "USD" });
      expect(res.statusCode, res.body).toBe(200);
      const intent = res.json() as PaymentIntentResponse;
      expect(intent).toMatchObject({ amount: 21_000_000, currency: "BDT" });

      const paid = await confirm(t.app, cookie, intent, {
        card: card(GOOD_CARD),
        amount: 100,
        price: 1,
        currency: "USD",
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const [row] = await paymentRows(t.app, order.id);
      expect(row).toMatchObject({ amount: 21_000_000, currency: "BDT" });
    });

    it("the dearest bike that can be listed can be paid: its poisha fit the payment tables", async () => {
      const { cookie, order } = await bookedOrder(t.app, MAX_ASKING_PRICE);
      const intent = await openIntent(t.app, cookie, order.id);
      expect(intent.amount).toBe(MAX_ASKING_PRICE * 100);
      const paid = await confirm(t.app, cookie, intent, { card: card(GOOD_CARD) });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await paymentRows(t.app, order.id)).toMatchObject([{ amount: MAX_ASKING_PRICE * 100 }]);
    });

    it("is checked again on payment: an intent whose amount differs from the order is refused", async () => {
      const { cookie, order } = await bookedOrder(t.app, 90_000);
      const intent = await openIntent(t.app, cookie, order.id);
      await t.app.db
        .update(testPaymentIntents)
        .set({ amount: 100 })
        .where(eq(testPaymentIntents.id, intent.intentId));
      expectProblem(
        await confirm(t.app, cookie, intent, { card: card(GOOD_CARD) }),
        409,
        MSG.payment.amountMismatch,
      );
      expect(await orderPaid(t.app, cookie, order.id)).toBe(false);
      const [row] = await t.app.db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, intent.intentId));
      expect(row!.status, "the card must not be charged").toBe("requires_payment_method");
    });

    it("and so is the currency, before the card is charged", async () => {
      const { cookie, order } = await bookedOrder(t.app, 90_000);
      const intent = await openIntent(t.app, cookie, order.id);
      await t.app.db
        .update(testPaymentIntents)
        .set({ currency: "USD" })
        .where(eq(testPaymentIntents.id, intent.intentId));
      expectProblem(
        await confirm(t.app, cookie, intent, { card: card(GOOD_CARD) }),
        409,
        MSG.payment.amountMismatch,
      );
      expect((await testIntent(t.app, intent.intentId)).status, "the card must not be charged").toBe(
        "requires_payment_method",
      );
      expect(await orderPaid(t.app, cookie, order.id)).toBe(false);
    });
  });
});

function lastMonth() {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { expMonth: d.getUTCMonth() + 1, expYear: d.getUTCFullYear() };
}
