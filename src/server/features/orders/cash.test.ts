import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { notifications } from "#server/db/schema.ts";
import { card, confirm, GOOD_CARD, paymentRows, startPayment } from "#server/features/payments/testing.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { sweepExpiredHolds } from "#server/workflows/hold-endings.ts";
import { MSG } from "#shared/messages.ts";
import type { NotificationsPage } from "#shared/schemas/notifications.ts";
import type { CashDisputeItem, Order, SellerBooking } from "#shared/schemas/orders.ts";
import type { PaymentIntentResponse } from "#shared/schemas/payments.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { cancel, listingStatus, orderRow, passHold } from "./testing.ts";

const HOLD_MINUTES = 90;
const PRICE = 185_000;

type Cookie = string;

const mark = (app: FastifyInstance, cookie: Cookie | undefined, orderId: string) =>
  call(app, { method: "POST", url: `/api/orders/${orderId}/cash`, cookie });
const confirmCash = (app: FastifyInstance, cookie: Cookie | undefined, orderId: string) =>
  call(app, { method: "POST", url: `/api/orders/${orderId}/cash/confirm`, cookie });
const dispute = (app: FastifyInstance, cookie: Cookie | undefined, orderId: string, reason?: string) =>
  call(app, {
    method: "POST",
    url: `/api/orders/${orderId}/cash/dispute`,
    cookie,
    payload: reason === undefined ? {} : { reason },
  });
const resolve = (app: FastifyInstance, cookie: Cookie | undefined, orderId: string, decision: string) =>
  call(app, {
    method: "POST",
    url: `/api/admin/cash-disputes/${orderId}/resolve`,
    cookie,
    payload: { decision },
  });

async function getOrder(app: FastifyInstance, cookie: Cookie, id: string): Promise<Order> {
  const res = await call(app, { method: "GET", url: `/api/orders/${id}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order;
}

async function myBuyers(app: FastifyInstance, cookie: Cookie): Promise<SellerBooking[]> {
  const res = await call(app, { method: "GET", url: "/api/me/buyers", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

async function disputes(app: FastifyInstance, cookie: Cookie): Promise<CashDisputeItem[]> {
  const res = await call(app, { method: "GET", url: "/api/admin/cash-disputes", cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["cache-control"]).toBe("private, no-store");
  return res.json().items;
}

async function notificationsOf(app: FastifyInstance, userId: string, kind: string) {
  return app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}

async function setPhone(app: FastifyInstance, cookie: Cookie, phone: string) {
  return call(app, { method: "PATCH", url: "/api/auth/me", cookie, payload: { phone } });
}

describe("cash at the meeting", () => {
  // No sweeper timer: the tests sweep when they mean to, after moving a hold's end into the past.
  const t = setupTestApp({ BOOKING_HOLD_MINUTES: String(HOLD_MINUTES) }, { holdSweepIntervalMs: null });

  /** A seller, their bike at PRICE, and a buyer who has booked it. */
  async function booked() {
    const seller = await signedInUser(t.app, { role: "seller", name: "Karim Seller" });
    const buyer = await signedInUser(t.app, { role: "buyer", name: "Nadia Buyer" });
    const listing = await buildListing(t.app, {
      sellerId: seller.user.id,
      askingPrice: PRICE,
      model: "Yamaha FZS V3",
    });
    const order = await bookOrder(t.app, buyer.cookie, listing.id);
    return { seller, buyer, listing, order };
  }

  /** As booked(), and the seller has marked it paid in cash. */
  async function marked() {
    const deal = await booked();
    const res = await mark(t.app, deal.seller.cookie, deal.order.id);
    expect(res.statusCode, res.body).toBe(204);
    return deal;
  }

  describe("the seller marks a held booking paid in cash", () => {
    it("the buyer's order says so, no longer runs out, and the buyer is notified", async () => {
      const { buyer, seller, order } = await marked();
      const now = await getOrder(t.app, buyer.cookie, order.id);
      expect(now).toMatchObject({ status: "held", holdUntil: null, paid: false, receipt: null });
      expect(now.cash).toEqual({ markedAt: expect.any(String), disputedAt: null });
      const [booking] = await myBuyers(t.app, seller.cookie);
      expect(booking).toMatchObject({ status: "held", holdUntil: null, paidWith: null });
      expect(booking!.cash?.disputedAt).toBeNull();

      const [told] = await notificationsOf(t.app, buyer.user.id, "cashMarked");
      expect(told?.data).toMatchObject({
        title: TALK_MSG.cash.notifyMarkedTitle("Yamaha FZS V3"),
        body: TALK_MSG.cash.notifyMarkedBody("৳1,85,000"),
        link: `/dashboard/payment/${order.id}`,
        bike: { model: "Yamaha FZS V3", price: PRICE },
      });
    });

    it("only the bike's seller marks it: another seller 403, a buyer 403, signed out 401", async () => {
      const { buyer, order } = await booked();
      const other = await signedInUser(t.app, { role: "seller" });
      expectProblem(await mark(t.app, other.cookie, order.id), 403, MSG.order.notYourBike);
      expectProblem(await mark(t.app, buyer.cookie, order.id), 403);
      expectProblem(await mark(t.app, undefined, order.id), 401);
      expect((await orderRow(t.app, order.id)).cashMarkedAt).toBeNull();
      expect(await notificationsOf(t.app, buyer.user.id, "cashMarked")).toHaveLength(0);
    });

    it("not twice, and only a held booking: paid, run out, cancelled are 409 with what it became", async () => {
      const { seller, order } = await marked();
      expectProblem(await mark(t.app, seller.cookie, order.id), 409, TALK_MSG.cash.alreadyMarked);

      const ranOut = await booked();
      await passHold(t.app, ranOut.order.id);
      expectProblem(await mark(t.app, ranOut.seller.cookie, ranOut.order.id), 409, MSG.order.notHeld.expired);

      const cancelled = await booked();
      expect((await cancel(t.app, cancelled.buyer.cookie, cancelled.order.id)).statusCode).toBe(200);
      expectProblem(
        await mark(t.app, cancelled.seller.cookie, cancelled.order.id),
        409,
        MSG.order.notHeld.cancelled,
      );

      const paid = await booked();
      const intent = await startPayment(t.app, paid.buyer.cookie, paid.order.id);
      const res = await confirm(t.app, paid.buyer.cookie, intent.json() as PaymentIntentResponse, {
        card: card(GOOD_CARD),
      });
      expect(res.statusCode, res.body).toBe(200);
      expectProblem(await mark(t.app, paid.seller.cookie, paid.order.id), 409, MSG.order.notHeld.paid);
    });

    it("an unknown order is 404", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      expectProblem(await mark(t.app, seller.cookie, "7b0e9a35-2b57-4cf4-8a4c-2a1b54a1c0de"), 404);
    });
  });

  describe("a marked hold does not run out", () => {
    it("the sweep skips it, the bike stays held, nobody else books it, and the buyer can still confirm", async () => {
      const { buyer, listing, order } = await marked();
      await passHold(t.app, order.id);
      const swept = await sweepExpiredHolds(t.app.db);
      expect(swept.map((o) => o.id)).not.toContain(order.id);
      expect((await orderRow(t.app, order.id)).status).toBe("held");
      expect(await listingStatus(t.app, listing.id)).toBe("sold");
      expect((await getOrder(t.app, buyer.cookie, order.id)).status).toBe("held");

      // A new booking expires a passed hold of the bike itself (expirePassedHold): not this one.
      const other = await signedInUser(t.app, { role: "buyer" });
      const res = await call(t.app, {
        method: "POST",
        url: "/api/orders",
        cookie: other.cookie,
        payload: { listingId: listing.id, phone: "01711-000000", meetingLocation: "Gulshan 1" },
      });
      expectProblem(res, 409, MSG.order.justSold);

      expect((await confirmCash(t.app, buyer.cookie, order.id)).statusCode).toBe(200);
    });
  });

  describe("the buyer confirms", () => {
    it("the order is paid in cash: a cash payment, the bike sold, both receipts say cash, both notified", async () => {
      const { buyer, seller, listing, order } = await marked();
      const res = await confirmCash(t.app, buyer.cookie, order.id);
      expect(res.statusCode, res.body).toBe(200);
      const paid: Order = res.json().order;
      expect(paid).toMatchObject({ status: "paid", paid: true, holdUntil: null });
      expect(paid.receipt).toEqual({
        paymentId: `cash:${order.id}`,
        amount: PRICE,
        paidAt: expect.any(String),
        method: "cash",
      });
      expect(await getOrder(t.app, buyer.cookie, order.id)).toEqual(paid);

      const [payment, ...more] = await paymentRows(t.app, order.id);
      expect(more).toHaveLength(0);
      expect(payment).toMatchObject({
        provider: "cash",
        intentId: `cash:${order.id}`,
        amount: PRICE * 100,
        currency: "BDT",
        cardBrand: null,
        cardLast4: null,
        refundedAt: null,
      });
      expect(await listingStatus(t.app, listing.id)).toBe("sold");
      const [booking] = await myBuyers(t.app, seller.cookie);
      expect(booking).toMatchObject({ status: "paid", paidWith: "cash" });

      for (const who of [buyer.user.id, seller.user.id]) {
        const [told] = await notificationsOf(t.app, who, "orderPaid");
        expect(told?.data).toMatchObject({ title: TALK_MSG.cash.notifyPaidTitle("Yamaha FZS V3") });
      }
      // Once paid, nothing more: confirming again, disputing, paying by card.
      expectProblem(await confirmCash(t.app, buyer.cookie, order.id), 409, MSG.order.notHeld.paid);
      expectProblem(await dispute(t.app, buyer.cookie, order.id), 409, MSG.order.notHeld.paid);
      expectProblem(await startPayment(t.app, buyer.cookie, order.id), 409, MSG.payment.alreadyPaid);
    });

    it("a card payment's receipt says card", async () => {
      const { buyer, seller, order } = await booked();
      const intent = await startPayment(t.app, buyer.cookie, order.id);
      const res = await confirm(t.app, buyer.cookie, intent.json() as PaymentIntentResponse, {
        card: card(GOOD_CARD),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await getOrder(t.app, buyer.cookie, order.id)).receipt?.method).toBe("card");
      expect((await myBuyers(t.app, seller.cookie))[0]?.paidWith).toBe("card");
    });

    it("only the order's buyer answers, and only a mark that waits: 403 and 409", async () => {
      const { buyer, seller, order } = await booked();
      expectProblem(await confirmCash(t.app, buyer.cookie, order.id), 409, TALK_MSG.cash.notMarked);
      expectProblem(await dispute(t.app, buyer.cookie, order.id), 409, TALK_MSG.cash.notMarked);
      expect((await mark(t.app, seller.cookie, order.id)).statusCode).toBe(204);

      const other = await signedInUser(t.app, { role: "buyer" });
      expectProblem(await confirmCash(t.app, other.cookie, order.id), 403, MSG.order.notYours);
      expectProblem(await dispute(t.app, other.cookie, order.id), 403, MSG.order.notYours);
      expectProblem(await confirmCash(t.app, seller.cookie, order.id), 403);
      expect(await paymentRows(t.app, order.id)).toHaveLength(0);
    });
  });

  describe("card payment while a cash mark waits", () => {
    it("is refused before any charge (409), and allowed again once the buyer disputes", async () => {
      const { buyer, seller, order } = await booked();
      // An intent opened before the mark cannot be used after it either.
      const before = (await startPayment(t.app, buyer.cookie, order.id)).json() as PaymentIntentResponse;
      expect((await mark(t.app, seller.cookie, order.id)).statusCode).toBe(204);

      expectProblem(await startPayment(t.app, buyer.cookie, order.id), 409, TALK_MSG.cash.cardWhileMarked);
      expectProblem(
        await confirm(t.app, buyer.cookie, before, { card: card(GOOD_CARD) }),
        409,
        TALK_MSG.cash.cardWhileMarked,
      );
      expect(await paymentRows(t.app, order.id)).toHaveLength(0);

      expect((await dispute(t.app, buyer.cookie, order.id)).statusCode).toBe(200);
      const intent = await startPayment(t.app, buyer.cookie, order.id);
      expect(intent.statusCode, intent.body).toBe(200);
      const paid = await confirm(t.app, buyer.cookie, intent.json() as PaymentIntentResponse, {
        card: card(GOOD_CARD),
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await getOrder(t.app, buyer.cookie, order.id)).receipt?.method).toBe("card");
    });
  });

  describe("the buyer disputes", () => {
    it("the seller is told with the reason, the hold runs again from now, admins see it", async () => {
      const { buyer, seller, listing, order } = await marked();
      await passHold(t.app, order.id);
      const before = Date.now();
      const res = await dispute(t.app, buyer.cookie, order.id, "I have not paid anything yet");
      expect(res.statusCode, res.body).toBe(200);
      const disputed: Order = res.json().order;
      expect(disputed.status).toBe("held");
      expect(disputed.cash?.disputedAt).toEqual(expect.any(String));
      // A whole hold again from the dispute, by the database's clock (a second either way).
      expect(Date.parse(disputed.holdUntil!)).toBeGreaterThanOrEqual(before + HOLD_MINUTES * 60_000 - 1000);

      const [told] = await notificationsOf(t.app, seller.user.id, "cashDisputed");
      expect(told?.data).toMatchObject({
        title: TALK_MSG.cash.notifyDisputedTitle("Yamaha FZS V3"),
        body: TALK_MSG.cash.notifyDisputedBody("Nadia Buyer", "I have not paid anything yet"),
        link: "/dashboard/mybuyers",
      });

      // Not again, not confirmed now, and the seller cannot simply mark it again.
      expectProblem(await dispute(t.app, buyer.cookie, order.id), 409, TALK_MSG.cash.alreadyDisputed);
      expectProblem(await confirmCash(t.app, buyer.cookie, order.id), 409, TALK_MSG.cash.alreadyDisputed);
      expectProblem(await mark(t.app, seller.cookie, order.id), 409, TALK_MSG.cash.disputedNoMark);

      const admin = await signedInUser(t.app, { role: "admin" });
      const open = await disputes(t.app, admin.cookie);
      const item = open.find((d) => d.orderId === order.id);
      expect(item).toMatchObject({
        listing: { id: listing.id, model: "Yamaha FZS V3" },
        price: PRICE,
        buyer: { id: buyer.user.id, name: "Nadia Buyer", email: buyer.user.email },
        seller: { id: seller.user.id, name: "Karim Seller", email: seller.user.email },
        reason: "I have not paid anything yet",
        holdUntil: disputed.holdUntil,
      });
    });

    it("a reason over 500 characters is 400 under its field", async () => {
      const { buyer, order } = await marked();
      const res = await dispute(t.app, buyer.cookie, order.id, "x".repeat(501));
      expect(expectProblem(res, 400).errors).toEqual({ reason: TALK_MSG.cash.reasonTooLong });
      expect((await orderRow(t.app, order.id)).cashDisputedAt).toBeNull();
    });

    it("a disputed hold runs out like any other once its new time passes", async () => {
      const { buyer, listing, order } = await marked();
      expect((await dispute(t.app, buyer.cookie, order.id)).statusCode).toBe(200);
      await passHold(t.app, order.id);
      expect((await sweepExpiredHolds(t.app.db)).map((o) => o.id)).toContain(order.id);
      expect(await listingStatus(t.app, listing.id)).toBe("available");
      const admin = await signedInUser(t.app, { role: "admin" });
      expect((await disputes(t.app, admin.cookie)).map((d) => d.orderId)).not.toContain(order.id);
    });
  });

  describe("an admin decides a dispute", () => {
    async function disputed() {
      const deal = await marked();
      expect((await dispute(t.app, deal.buyer.cookie, deal.order.id)).statusCode).toBe(200);
      return deal;
    }

    it("paid in cash: the order is paid with a cash payment, the bike sold, and the dispute leaves the list", async () => {
      const { buyer, listing, order } = await disputed();
      const admin = await signedInUser(t.app, { role: "admin" });
      const res = await resolve(t.app, admin.cookie, order.id, "paid");
      expect(res.statusCode, res.body).toBe(204);
      const now = await getOrder(t.app, buyer.cookie, order.id);
      expect(now).toMatchObject({ status: "paid", receipt: { method: "cash", amount: PRICE } });
      expect(await listingStatus(t.app, listing.id)).toBe("sold");
      expect((await disputes(t.app, admin.cookie)).map((d) => d.orderId)).not.toContain(order.id);
      expectProblem(await resolve(t.app, admin.cookie, order.id, "release"), 409, TALK_MSG.cash.noDispute);
    });

    it("release: the booking ends released, the bike is for sale again, and both people are told", async () => {
      const { buyer, seller, listing, order } = await disputed();
      const admin = await signedInUser(t.app, { role: "admin" });
      expect((await resolve(t.app, admin.cookie, order.id, "release")).statusCode).toBe(204);
      expect((await getOrder(t.app, buyer.cookie, order.id)).status).toBe("released");
      expect(await listingStatus(t.app, listing.id)).toBe("available");
      expect(await paymentRows(t.app, order.id)).toHaveLength(0);
      for (const [who, link] of [
        [buyer, `/dashboard/payment/${order.id}`],
        [seller, "/dashboard/mybuyers"],
      ] as const) {
        const res = await call(t.app, { method: "GET", url: "/api/notifications", cookie: who.cookie });
        const bell = res.json<NotificationsPage>().items.filter((n) => n.kind === "cashReleased");
        expect(bell.map((n) => n.data)).toEqual([
          expect.objectContaining({ title: TALK_MSG.cash.notifyReleasedTitle("Yamaha FZS V3"), link }),
        ]);
      }
    });

    it("only an open dispute: a mark not disputed, or no mark, is 409; a decision must be paid or release", async () => {
      const { order } = await marked();
      const admin = await signedInUser(t.app, { role: "admin" });
      expectProblem(await resolve(t.app, admin.cookie, order.id, "paid"), 409, TALK_MSG.cash.noDispute);
      const plain = await booked();
      expectProblem(
        await resolve(t.app, admin.cookie, plain.order.id, "release"),
        409,
        TALK_MSG.cash.noDispute,
      );
      expectProblem(await resolve(t.app, admin.cookie, order.id, "refund"), 400);
    });
  });

  describe("the seller's phone", () => {
    const PHONE = "+8801812345678";

    it("a seller adds it on the profile (the booking form's rule), sees it, and removes it", async () => {
      const seller = await signedInUser(t.app, { role: "seller" });
      const added = await setPhone(t.app, seller.cookie, "01812-345678");
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().user.phone).toBe(PHONE);
      const me = await call(t.app, { method: "GET", url: "/api/auth/me", cookie: seller.cookie });
      expect(me.json().user.phone).toBe(PHONE);

      const wrong = await setPhone(t.app, seller.cookie, "12345");
      expect(expectProblem(wrong, 400).errors).toEqual({ phone: MSG.order.phoneInvalid });

      const removed = await setPhone(t.app, seller.cookie, "");
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().user.phone).toBeNull();
    });

    it("the buyer sees it while the booking is held or paid; nobody else, never after it ends", async () => {
      const { seller, buyer, listing, order } = await booked();
      expect((await getOrder(t.app, buyer.cookie, order.id)).sellerPhone).toBeNull();
      expect((await setPhone(t.app, seller.cookie, "01812345678")).statusCode).toBe(200);

      expect((await getOrder(t.app, buyer.cookie, order.id)).sellerPhone).toBe(PHONE);
      const mine = await call(t.app, { method: "GET", url: "/api/me/orders", cookie: buyer.cookie });
      expect(mine.json().items[0].sellerPhone).toBe(PHONE);

      // Nowhere public, nor to another buyer, another seller or an admin.
      const digits = "1812345678";
      const other = await signedInUser(t.app, { role: "buyer" });
      const admin = await signedInUser(t.app, { role: "admin" });
      for (const [url, cookie] of [
        [`/api/listings/${listing.id}`, undefined],
        [`/api/listings/${listing.id}`, other.cookie],
        [`/api/sellers/${seller.user.id}`, undefined],
        ["/api/listings?limit=50", undefined],
        [`/api/orders/${order.id}`, other.cookie],
        ["/api/me/orders", other.cookie],
        ["/api/admin/sellers", admin.cookie],
      ] as const) {
        const res = await call(t.app, { method: "GET", url, cookie });
        expect(res.body, url).not.toContain(digits);
      }

      // Paid in cash: still there, to collect the bike.
      expect((await mark(t.app, seller.cookie, order.id)).statusCode).toBe(204);
      expect((await confirmCash(t.app, buyer.cookie, order.id)).statusCode).toBe(200);
      expect((await getOrder(t.app, buyer.cookie, order.id)).sellerPhone).toBe(PHONE);

      // Ended: gone, on the order and in My orders.
      const ended = await bookOrder(
        t.app,
        buyer.cookie,
        (await buildListing(t.app, { sellerId: seller.user.id })).id,
      );
      expect((await getOrder(t.app, buyer.cookie, ended.id)).sellerPhone).toBe(PHONE);
      expect((await cancel(t.app, buyer.cookie, ended.id)).statusCode).toBe(200);
      expect((await getOrder(t.app, buyer.cookie, ended.id)).sellerPhone).toBeNull();
      const expiring = await bookOrder(
        t.app,
        buyer.cookie,
        (await buildListing(t.app, { sellerId: seller.user.id })).id,
      );
      await passHold(t.app, expiring.id);
      expect((await getOrder(t.app, buyer.cookie, expiring.id)).sellerPhone).toBeNull();
    });
  });
});
