import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { notifications, orders, sellerRatings } from "#server/db/schema.ts";
import { card, confirm, GOOD_CARD, openIntent } from "#server/features/payments/testing.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import type { Review, ReviewsPage } from "#shared/schemas/reviews.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";

const rate = (app: FastifyInstance, cookie: string | undefined, orderId: string, payload: object) =>
  call(app, { method: "POST", url: `/api/orders/${orderId}/review`, cookie, payload });

describe("seller ratings", () => {
  const t = setupTestApp();

  /** A seller, a bike of theirs and a buyer who booked it; `paid` marks the order paid as the payment would. */
  async function deal(opts: { paid?: boolean; sellerId?: string } = {}) {
    const seller = opts.sellerId
      ? { user: { id: opts.sellerId }, cookie: "" }
      : await signedInUser(t.app, { role: "seller", name: "Rahim Seller" });
    const bike = await buildListing(t.app, { sellerId: seller.user.id, model: "Honda CB Hornet" });
    const buyer = await signedInUser(t.app, { role: "buyer", name: "Karim Uddin" });
    const order = await bookOrder(t.app, buyer.cookie, bike.id);
    if (opts.paid !== false) {
      await t.app.db
        .update(orders)
        .set({ status: "paid", paidAt: new Date() })
        .where(eq(orders.id, order.id));
    }
    return { seller, bike, buyer, order };
  }

  async function reviewsOf(sellerId: string, query = ""): Promise<ReviewsPage> {
    const res = await call(t.app, { method: "GET", url: `/api/sellers/${sellerId}/reviews${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function ratingOf(sellerId: string) {
    const res = await call(t.app, { method: "GET", url: `/api/sellers/${sellerId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().seller.rating as { average: number; count: number };
  }

  it("the buyer of an order paid by card rates its seller once; the seller is told; the page shows it", async () => {
    const { seller, bike, buyer, order } = await deal({ paid: false });
    expectProblem(await rate(t.app, buyer.cookie, order.id, { stars: 5 }), 409, TALK_MSG.review.notPaid);
    const intent = await openIntent(t.app, buyer.cookie, order.id);
    expect((await confirm(t.app, buyer.cookie, intent, { card: card(GOOD_CARD) })).statusCode).toBe(200);

    const res = await rate(t.app, buyer.cookie, order.id, {
      stars: 4,
      comment: "  Honest seller, papers clear  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    const review: Review = res.json().review;
    expect(review).toMatchObject({
      sellerId: seller.user.id,
      stars: 4,
      comment: "Honest seller, papers clear",
      reply: null,
      reviewer: { firstName: "Karim", photo: null },
    });
    // Nobody's email or last name leaves in a public review.
    expect(JSON.stringify(review)).not.toMatch(/@|Uddin/);

    expectProblem(await rate(t.app, buyer.cookie, order.id, { stars: 1 }), 409, TALK_MSG.review.alreadyRated);

    const page = await reviewsOf(seller.user.id);
    expect(page.items.map((r) => r.id)).toEqual([review.id]);
    expect(await ratingOf(seller.user.id)).toEqual({ average: 4, count: 1 });

    // Cards and the bike's page carry the seller's average and count.
    const detail = await call(t.app, { method: "GET", url: `/api/listings/${bike.id}` });
    expect(detail.json().listing.seller.rating).toEqual({ average: 4, count: 1 });

    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    const received = told.filter((n) => n.kind === "reviewReceived");
    expect(received).toHaveLength(1);
    expect(received[0]!.data).toMatchObject({
      title: TALK_MSG.review.receivedTitle(MSG.rating.starLabel(4)),
      body: TALK_MSG.review.receivedBody("Karim", "Honda CB Hornet"),
    });

    const mine = await call(t.app, { method: "GET", url: "/api/me/reviews", cookie: buyer.cookie });
    expect(mine.json().items).toEqual([{ orderId: order.id, reviewId: review.id, stars: 4 }]);
  });

  it("nobody else rates: another buyer 403, a seller or admin 403, a visitor 401, an unknown order 404", async () => {
    const { seller, order } = await deal();
    const other = await signedInUser(t.app, { role: "buyer" });
    const admin = await signedInUser(t.app, { role: "admin" });
    const sellerSession = await signedInUser(t.app, { role: "seller" });
    expectProblem(await rate(t.app, other.cookie, order.id, { stars: 5 }), 403, TALK_MSG.review.notYourOrder);
    expectProblem(await rate(t.app, sellerSession.cookie, order.id, { stars: 5 }), 403, MSG.auth.forbidden);
    expectProblem(await rate(t.app, admin.cookie, order.id, { stars: 5 }), 403, MSG.auth.forbidden);
    expectProblem(await rate(t.app, undefined, order.id, { stars: 5 }), 401, MSG.auth.notSignedIn);
    expectProblem(
      await rate(t.app, other.cookie, "00000000-0000-4000-8000-000000000000", { stars: 5 }),
      404,
      MSG.order.notFound,
    );
    expect(await ratingOf(seller.user.id)).toEqual({ average: 0, count: 0 });
  });

  it("refuses stars outside 1 to 5 and a comment over 500 characters, naming the field", async () => {
    const { order, buyer } = await deal();
    for (const stars of [0, 6, 3.5, "4"]) {
      const body = expectProblem(await rate(t.app, buyer.cookie, order.id, { stars }), 400);
      expect(body.errors).toEqual({ stars: TALK_MSG.review.starsRequired });
    }
    const long = expectProblem(
      await rate(t.app, buyer.cookie, order.id, { stars: 3, comment: "x".repeat(501) }),
      400,
    );
    expect(long.errors).toEqual({ comment: TALK_MSG.review.commentTooLong });
  });

  it("two ratings of one order at once: one is written, the other is 409", async () => {
    const { order, buyer, seller } = await deal();
    const answers = await Promise.all([
      rate(t.app, buyer.cookie, order.id, { stars: 5 }),
      rate(t.app, buyer.cookie, order.id, { stars: 1 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await ratingOf(seller.user.id)).count).toBe(1);
  });

  it("the seller replies once; another seller or the buyer may not", async () => {
    const { order, buyer, seller } = await deal();
    const review: Review = (await rate(t.app, buyer.cookie, order.id, { stars: 2 })).json().review;
    const reply = (cookie: string | undefined, text = "Sorry, it was the rain") =>
      call(t.app, {
        method: "POST",
        url: `/api/reviews/${review.id}/reply`,
        cookie,
        payload: { reply: text },
      });

    const otherSeller = await signedInUser(t.app, { role: "seller" });
    expectProblem(await reply(otherSeller.cookie), 403, TALK_MSG.review.notYourReview);
    expectProblem(await reply(buyer.cookie), 403, MSG.auth.forbidden);
    const blank = expectProblem(await reply(seller.cookie, "   "), 400);
    expect(blank.errors).toEqual({ reply: TALK_MSG.review.replyRequired });

    const res = await reply(seller.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review).toMatchObject({
      reply: "Sorry, it was the rain",
      repliedAt: expect.any(String),
    });
    expectProblem(await reply(seller.cookie, "Again"), 409, TALK_MSG.review.alreadyReplied);
    expect((await reviewsOf(seller.user.id)).items[0]!.reply).toBe("Sorry, it was the rain");
  });

  it("the average is to one decimal over every counted rating, newest first in pages", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    const ids: string[] = [];
    for (const stars of [5, 4, 4]) {
      const { order, buyer } = await deal({ sellerId: seller.user.id });
      ids.push((await rate(t.app, buyer.cookie, order.id, { stars })).json().review.id);
    }
    expect(await ratingOf(seller.user.id)).toEqual({ average: 4.3, count: 3 });
    const first = await reviewsOf(seller.user.id, "?limit=2");
    expect(first.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const second = await reviewsOf(seller.user.id, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((r) => r.id)).toEqual([ids[0]]);

    // The market's cards carry it too, from the feed's one statement (the sold bikes are not on sale).
    await buildListing(t.app, { sellerId: seller.user.id });
    await buildListing(t.app, { sellerId: seller.user.id });
    const feed = await call(t.app, { method: "GET", url: `/api/listings?seller=${seller.user.id}` });
    const cards: Listing[] = feed.json().items;
    expect(cards.length).toBe(2);
    for (const c of cards) expect(c.seller.rating).toEqual({ average: 4.3, count: 3 });
  });

  it("anyone signed in reports a review once; an admin sees it, removes it, and it no longer shows or counts", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    const kept = await deal({ sellerId: seller.user.id });
    await rate(t.app, kept.buyer.cookie, kept.order.id, { stars: 5 });
    const { order, buyer } = await deal({ sellerId: seller.user.id });
    const review: Review = (await rate(t.app, buyer.cookie, order.id, { stars: 1, comment: "Scam!!" })).json()
      .review;
    expect(await ratingOf(seller.user.id)).toEqual({ average: 3, count: 2 });

    const report = (cookie: string | undefined, reason = "Not what happened") =>
      call(t.app, { method: "POST", url: `/api/reviews/${review.id}/report`, cookie, payload: { reason } });
    expectProblem(await report(buyer.cookie), 403, TALK_MSG.review.ownReview);
    expectProblem(await report(undefined), 401, MSG.auth.notSignedIn);
    expect((await report(seller.cookie)).statusCode).toBe(201);
    expectProblem(await report(seller.cookie), 409, TALK_MSG.review.alreadyReported);
    const bystander = await signedInUser(t.app, { role: "buyer" });
    expect((await report(bystander.cookie, "Abusive")).statusCode).toBe(201);

    const admin = await signedInUser(t.app, { role: "admin" });
    const queue = await call(t.app, {
      method: "GET",
      url: "/api/admin/reviews/reported",
      cookie: admin.cookie,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().items).toHaveLength(1);
    expect(queue.json().items[0]).toMatchObject({
      review: { id: review.id, stars: 1 },
      seller: { id: seller.user.id },
      buyer: { id: buyer.user.id },
    });
    expect(queue.json().items[0].reports).toHaveLength(2);

    const removed = await call(t.app, {
      method: "DELETE",
      url: `/api/admin/reviews/${review.id}`,
      cookie: admin.cookie,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await ratingOf(seller.user.id)).toEqual({ average: 5, count: 1 });
    expect((await reviewsOf(seller.user.id)).items.map((r) => r.id)).not.toContain(review.id);
    const [row] = await t.app.db
      .select()
      .from(sellerRatings)
      .where(eq(sellerRatings.sellerId, seller.user.id));
    expect(row).toMatchObject({ count: 1, starsTotal: 5 });
    const again = await call(t.app, {
      method: "GET",
      url: "/api/admin/reviews/reported",
      cookie: admin.cookie,
    });
    expect(again.json().items).toEqual([]);
    expectProblem(
      await call(t.app, { method: "DELETE", url: `/api/admin/reviews/${review.id}`, cookie: admin.cookie }),
      404,
      TALK_MSG.review.notFound,
    );
    // Removed: the buyer cannot rate that order again, nor report or reply to it.
    expectProblem(await rate(t.app, buyer.cookie, order.id, { stars: 5 }), 409, TALK_MSG.review.alreadyRated);
    expectProblem(await report(bystander.cookie), 404, TALK_MSG.review.notFound);
  });

  it("an admin dismisses the reports of a review that stays", async () => {
    const { order, buyer, seller } = await deal();
    const review: Review = (await rate(t.app, buyer.cookie, order.id, { stars: 3 })).json().review;
    const other = await signedInUser(t.app, { role: "buyer" });
    await call(t.app, {
      method: "POST",
      url: `/api/reviews/${review.id}/report`,
      cookie: other.cookie,
      payload: { reason: "spam" },
    });
    const admin = await signedInUser(t.app, { role: "admin" });
    const dismiss = () =>
      call(t.app, { method: "POST", url: `/api/admin/reviews/${review.id}/dismiss`, cookie: admin.cookie });
    expect((await dismiss()).statusCode).toBe(204);
    expectProblem(await dismiss(), 404, TALK_MSG.review.nothingToDismiss);
    expect(await ratingOf(seller.user.id)).toEqual({ average: 3, count: 1 });
  });
});
