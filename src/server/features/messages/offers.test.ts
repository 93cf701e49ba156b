import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { listings, notifications, offers, orders } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { buildListing, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { Offer } from "#shared/schemas/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";

function offer(app: FastifyInstance, cookie: string, conversationId: string, amount: unknown) {
  return call(app, {
    method: "POST",
    url: `/api/conversations/${conversationId}/offers`,
    cookie,
    payload: { amount },
  });
}

function answer(app: FastifyInstance, cookie: string, offerId: string, action: "accept" | "decline") {
  return call(app, { method: "POST", url: `/api/offers/${offerId}/${action}`, cookie });
}

function book(app: FastifyInstance, cookie: string, listingId: string, expectedPrice?: number) {
  return call(app, {
    method: "POST",
    url: "/api/orders",
    cookie,
    payload: { listingId, phone: "01711-000000", meetingLocation: "Gulshan 1", expectedPrice },
  });
}

/** A seller's negotiable bike at ৳1,50,000 and a buyer's conversation about it. */
async function talking(app: FastifyInstance, overrides: Partial<typeof listings.$inferInsert> = {}) {
  const seller = await signedInUser(app, { role: "seller", name: "Selim Seller" });
  const buyer = await signedInUser(app, { role: "buyer", name: "Bina Buyer" });
  const listing = await buildListing(app, { sellerId: seller.user.id, model: "Honda Hornet", ...overrides });
  const res = await call(app, {
    method: "POST",
    url: `/api/listings/${listing.id}/conversation`,
    cookie: buyer.cookie,
    payload: { body: "Last price?" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { seller, buyer, listing, conversationId: res.json().conversationId as string };
}

/** An offer made and accepted. */
async function accepted(app: FastifyInstance, amount = 130_000) {
  const world = await talking(app);
  const made = await offer(app, world.buyer.cookie, world.conversationId, amount);
  expect(made.statusCode, made.body).toBe(201);
  const offerId = (made.json().offer as Offer).id;
  expect((await answer(app, world.seller.cookie, offerId, "accept")).statusCode).toBe(200);
  return { ...world, offerId };
}

describe("offers", () => {
  const t = setupTestApp({ MESSAGES_PER_MINUTE: "10000", CONVERSATIONS_PER_HOUR: "10000" });

  it("a buyer offers a price: shown in the conversation as a message, the seller told", async () => {
    const { seller, buyer, conversationId } = await talking(t.app);
    const res = await offer(t.app, buyer.cookie, conversationId, 130_000);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().offer as Offer;
    expect(made).toMatchObject({ conversationId, amount: 130_000, status: "pending", expiresAt: null });

    const messages = await call(t.app, {
      method: "GET",
      url: `/api/conversations/${conversationId}/messages`,
      cookie: seller.cookie,
    });
    expect(messages.json().items.at(-1)).toMatchObject({
      senderId: buyer.user.id,
      body: TALK_MSG.offer.made("৳1,30,000"),
      offer: { id: made.id, status: "pending" },
    });
    const conversation = await call(t.app, {
      method: "GET",
      url: `/api/conversations/${conversationId}`,
      cookie: seller.cookie,
    });
    expect(conversation.json().conversation.offer).toMatchObject({ id: made.id, status: "pending" });
    // The list's preview says its words are MotoHaat's: a Bangla reader reads them in Bangla.
    const list = await call(t.app, { method: "GET", url: "/api/conversations", cookie: seller.cookie });
    expect(list.json().items[0].lastMessage).toMatchObject({
      body: TALK_MSG.offer.made("৳1,30,000"),
      offer: true,
    });
    const [told] = await t.app.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(eq(notifications.userId, seller.user.id))
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    expect(told?.data).toMatchObject({
      title: TALK_MSG.offer.receivedNotice("Bina Buyer", "৳1,30,000", "Honda Hornet"),
    });
  });

  it("takes one pending offer per conversation, in whole taka above 0 and at most the asking price", async () => {
    const { buyer, conversationId } = await talking(t.app);
    for (const amount of [0, -5, 1.5, "lots", undefined]) {
      expectProblem(
        await offer(t.app, buyer.cookie, conversationId, amount),
        400,
        TALK_MSG.offer.amountRequired,
      );
    }
    const above = await offer(t.app, buyer.cookie, conversationId, 150_001);
    expect(expectProblem(above, 400, TALK_MSG.offer.aboveAsking).errors).toEqual({
      amount: TALK_MSG.offer.aboveAsking,
    });
    expect((await offer(t.app, buyer.cookie, conversationId, 150_000)).statusCode).toBe(201);
    expectProblem(
      await offer(t.app, buyer.cookie, conversationId, 140_000),
      409,
      TALK_MSG.offer.pendingExists,
    );
  });

  it("only for a negotiable bike that is still for sale", async () => {
    const fixed = await talking(t.app, { negotiable: false });
    expectProblem(
      await offer(t.app, fixed.buyer.cookie, fixed.conversationId, 100_000),
      409,
      TALK_MSG.offer.notNegotiable,
    );
    const sold = await talking(t.app);
    await t.app.db.update(listings).set({ status: "sold" }).where(eq(listings.id, sold.listing.id));
    expectProblem(
      await offer(t.app, sold.buyer.cookie, sold.conversationId, 100_000),
      409,
      TALK_MSG.offer.bikeGone,
    );
  });

  it("the bike's seller alone accepts or declines, once", async () => {
    const { seller, buyer, conversationId } = await talking(t.app);
    const offerId = (await offer(t.app, buyer.cookie, conversationId, 120_000)).json().offer.id as string;
    expectProblem(await answer(t.app, buyer.cookie, offerId, "accept"), 403, MSG.auth.forbidden);
    const otherSeller = await signedInUser(t.app, { role: "seller" });
    expectProblem(
      await answer(t.app, otherSeller.cookie, offerId, "accept"),
      403,
      TALK_MSG.offer.notYourBike,
    );
    expectProblem(
      await answer(t.app, seller.cookie, "6f1c2b9e-0000-4000-8000-000000000000", "accept"),
      404,
      TALK_MSG.offer.notFound,
    );

    const res = await answer(t.app, seller.cookie, offerId, "decline");
    expect(res.statusCode).toBe(200);
    expect(res.json().offer).toMatchObject({ status: "declined", expiresAt: null });
    expectProblem(await answer(t.app, seller.cookie, offerId, "accept"), 409, TALK_MSG.offer.notPending);
    // Declined: the buyer may offer again.
    expect((await offer(t.app, buyer.cookie, conversationId, 140_000)).statusCode).toBe(201);
  });

  it("an accepted offer lets that buyer book at its price within 24 hours", async () => {
    const { seller, buyer, listing, offerId } = await accepted(t.app, 130_000);
    const mine = await call(t.app, {
      method: "GET",
      url: `/api/listings/${listing.id}/conversation`,
      cookie: buyer.cookie,
    });
    const acceptedOffer = mine.json().acceptedOffer as Offer;
    expect(acceptedOffer).toMatchObject({ id: offerId, amount: 130_000, status: "accepted" });
    const hours = (Date.parse(acceptedOffer.expiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const [told] = await t.app.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(eq(notifications.kind, "offerDecided"))
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    expect(told?.data).toMatchObject({ title: TALK_MSG.offer.acceptedNotice("৳1,30,000", "Honda Hornet") });
    expect(seller.user.id).toBeTruthy();

    const res = await book(t.app, buyer.cookie, listing.id, 130_000);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.price).toBe(130_000);
    const [row] = await t.app.db
      .select({ offerId: orders.offerId })
      .from(orders)
      .where(eq(orders.id, res.json().order.id));
    expect(row?.offerId).toBe(offerId);
  });

  it("not after the 24 hours: the asking price again", async () => {
    const { buyer, listing, offerId } = await accepted(t.app, 130_000);
    await t.app.db
      .update(offers)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(offers.id, offerId));
    const mine = await call(t.app, {
      method: "GET",
      url: `/api/listings/${listing.id}/conversation`,
      cookie: buyer.cookie,
    });
    expect(mine.json().acceptedOffer).toBeNull();
    expectProblem(await book(t.app, buyer.cookie, listing.id, 130_000), 409, MSG.order.priceChanged);
    const res = await book(t.app, buyer.cookie, listing.id);
    expect(res.json().order.price).toBe(150_000);
  });

  it("not by another buyer", async () => {
    const { listing } = await accepted(t.app, 130_000);
    const other = await signedInUser(t.app, { role: "buyer" });
    const res = await book(t.app, other.cookie, listing.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().order.price).toBe(150_000);
  });

  it("cannot be accepted once the bike is sold", async () => {
    const { seller, buyer, listing, conversationId } = await talking(t.app);
    const offerId = (await offer(t.app, buyer.cookie, conversationId, 120_000)).json().offer.id as string;
    const other = await signedInUser(t.app, { role: "buyer" });
    expect((await book(t.app, other.cookie, listing.id)).statusCode).toBe(201);
    expectProblem(await answer(t.app, seller.cookie, offerId, "accept"), 409, TALK_MSG.offer.bikeGone);
  });
});
