import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { listings, messages, notifications } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { Conversation, ConversationDetail, Message } from "#shared/schemas/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { loadLiveMessages, replayLiveMessages } from "./live.ts";

const UNKNOWN_ID = "6f1c2b9e-0000-4000-8000-000000000000";

function ask(
  app: FastifyInstance,
  cookie: string | undefined,
  listingId: string,
  body: unknown = "Is it available?",
) {
  return call(app, {
    method: "POST",
    url: `/api/listings/${listingId}/conversation`,
    cookie,
    payload: { body },
  });
}

function send(app: FastifyInstance, cookie: string | undefined, id: string, body: unknown) {
  return call(app, { method: "POST", url: `/api/conversations/${id}/messages`, cookie, payload: { body } });
}

async function list(app: FastifyInstance, cookie: string): Promise<Conversation[]> {
  const res = await call(app, { method: "GET", url: "/api/conversations", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

async function detail(app: FastifyInstance, cookie: string, id: string): Promise<ConversationDetail> {
  const res = await call(app, { method: "GET", url: `/api/conversations/${id}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().conversation;
}

async function messagesOf(
  app: FastifyInstance,
  cookie: string,
  id: string,
  query = "",
): Promise<{ items: Message[]; nextCursor: string | null }> {
  const res = await call(app, { method: "GET", url: `/api/conversations/${id}/messages${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function unread(app: FastifyInstance, cookie: string): Promise<number> {
  const res = await call(app, { method: "GET", url: "/api/conversations/unread", cookie });
  expect(res.statusCode).toBe(200);
  return res.json().unread;
}

/** A seller with a bike, a buyer who asked about it, and their conversation. */
async function talking(app: FastifyInstance, overrides: Partial<typeof listings.$inferInsert> = {}) {
  const seller = await signedInUser(app, { role: "seller", name: "Selim Seller" });
  const buyer = await signedInUser(app, { role: "buyer", name: "Bina Buyer" });
  const listing = await buildListing(app, { sellerId: seller.user.id, model: "Yamaha FZS V3", ...overrides });
  const res = await ask(app, buyer.cookie, listing.id, "Are the papers clear?");
  expect(res.statusCode, res.body).toBe(201);
  return { seller, buyer, listing, conversationId: res.json().conversationId as string };
}

describe("messages", () => {
  const t = setupTestApp({ MESSAGES_PER_MINUTE: "10000", CONVERSATIONS_PER_HOUR: "10000" });

  describe("starting a conversation", () => {
    it("a buyer writes from a bike's page; both see it in their list, the seller with one unread", async () => {
      const { seller, buyer, listing, conversationId } = await talking(t.app);

      const [mine] = await list(t.app, buyer.cookie);
      expect(mine).toMatchObject({
        id: conversationId,
        role: "buyer",
        bike: { id: listing.id, model: "Yamaha FZS V3", price: 150_000, state: "available" },
        other: { id: seller.user.id, name: "Selim Seller" },
        lastMessage: { body: "Are the papers clear?", senderId: buyer.user.id, offer: false },
        unread: 0,
      });
      expect(mine!.bike.photo?.src).toMatch(/^\/images\//);
      const [theirs] = await list(t.app, seller.cookie);
      expect(theirs).toMatchObject({
        id: conversationId,
        role: "seller",
        other: { name: "Bina Buyer" },
        unread: 1,
      });
      expect(await unread(t.app, seller.cookie)).toBe(1);
      expect(await unread(t.app, buyer.cookie)).toBe(0);
    });

    it("never shows the other person's email", async () => {
      const { seller, buyer, conversationId } = await talking(t.app);
      for (const url of ["/api/conversations", `/api/conversations/${conversationId}`]) {
        const asBuyer = await call(t.app, { method: "GET", url, cookie: buyer.cookie });
        expect(asBuyer.body).not.toContain(seller.user.email);
        const asSeller = await call(t.app, { method: "GET", url, cookie: seller.cookie });
        expect(asSeller.body).not.toContain(buyer.user.email);
        expect(asSeller.headers["cache-control"]).toContain("no-store");
      }
    });

    it("keeps one conversation per buyer and bike: asking again adds to it", async () => {
      const { buyer, listing, conversationId } = await talking(t.app);
      const again = await ask(t.app, buyer.cookie, listing.id, "And the last price?");
      expect(again.statusCode).toBe(201);
      expect(again.json().conversationId).toBe(conversationId);
      expect(await list(t.app, buyer.cookie)).toHaveLength(1);
      expect((await messagesOf(t.app, buyer.cookie, conversationId)).items.map((m) => m.body)).toEqual([
        "Are the papers clear?",
        "And the last price?",
      ]);
      const mine = await call(t.app, {
        method: "GET",
        url: `/api/listings/${listing.id}/conversation`,
        cookie: buyer.cookie,
      });
      expect(mine.json()).toEqual({ conversationId, acceptedOffer: null });
    });

    it("a seller answers but never starts one; nobody else may either", async () => {
      const listing = await buildListing(t.app);
      const seller = await signedInUser(t.app, { role: "seller" });
      expectProblem(await ask(t.app, seller.cookie, listing.id), 403, MSG.auth.forbidden);
      const admin = await signedInUser(t.app, { role: "admin" });
      expectProblem(await ask(t.app, admin.cookie, listing.id), 403);
      expectProblem(await ask(t.app, undefined, listing.id), 401);
    });

    it("refuses an unknown, malformed or removed bike (404) and a bike no longer for sale (409)", async () => {
      const { cookie } = await signedInUser(t.app, { role: "buyer" });
      expectProblem(await ask(t.app, cookie, UNKNOWN_ID), 404, MSG.listing.notFound);
      expectProblem(await ask(t.app, cookie, "not-an-id"), 404, MSG.listing.notFound);
      const hidden = await buildListing(t.app, { hidden: true });
      expectProblem(await ask(t.app, cookie, hidden.id), 404, MSG.listing.notFound);
      const sold = await buildListing(t.app, { status: "sold" });
      expectProblem(await ask(t.app, cookie, sold.id), 409, TALK_MSG.conversation.bikeUnavailable);
      expect(await list(t.app, cookie)).toEqual([]);
    });

    it("takes 1 to 2,000 characters after trimming, stored and shown as text", async () => {
      const { buyer, conversationId } = await talking(t.app);
      for (const body of ["", "   \n ", undefined, 42]) {
        const res = await send(t.app, buyer.cookie, conversationId, body);
        expect(expectProblem(res, 400, TALK_MSG.conversation.bodyRequired).errors).toEqual({
          body: TALK_MSG.conversation.bodyRequired,
        });
      }
      expectProblem(
        await send(t.app, buyer.cookie, conversationId, "x".repeat(2001)),
        400,
        TALK_MSG.conversation.bodyTooLong,
      );
      expect((await send(t.app, buyer.cookie, conversationId, "x".repeat(2000))).statusCode).toBe(201);
      const markup = await send(t.app, buyer.cookie, conversationId, "  <b>hi</b> <script>x</script>  ");
      expect(markup.json().message.body).toBe("<b>hi</b> <script>x</script>");
    });
  });

  describe("who reads and writes", () => {
    it("only the two people read or write it (403), an unknown or malformed id is 404", async () => {
      const { seller, buyer, conversationId } = await talking(t.app);
      const otherBuyer = await signedInUser(t.app, { role: "buyer" });
      const otherSeller = await signedInUser(t.app, { role: "seller" });
      for (const outsider of [otherBuyer, otherSeller]) {
        for (const req of [
          { method: "GET" as const, url: `/api/conversations/${conversationId}` },
          { method: "GET" as const, url: `/api/conversations/${conversationId}/messages` },
          { method: "POST" as const, url: `/api/conversations/${conversationId}/read` },
          { method: "POST" as const, url: `/api/conversations/${conversationId}/block` },
        ]) {
          expectProblem(
            await call(t.app, { ...req, cookie: outsider.cookie }),
            403,
            TALK_MSG.conversation.notYours,
          );
        }
        expectProblem(
          await send(t.app, outsider.cookie, conversationId, "hello"),
          403,
          TALK_MSG.conversation.notYours,
        );
        expect(await list(t.app, outsider.cookie)).toEqual([]);
      }
      for (const id of [UNKNOWN_ID, "nope"]) {
        expectProblem(await send(t.app, buyer.cookie, id, "hello"), 404, TALK_MSG.conversation.notFound);
        const res = await call(t.app, {
          method: "GET",
          url: `/api/conversations/${id}`,
          cookie: seller.cookie,
        });
        expectProblem(res, 404, TALK_MSG.conversation.notFound);
      }
    });

    it("the seller answers; read markers move the unread counts; the other person is notified", async () => {
      const { seller, buyer, conversationId } = await talking(t.app);
      const answer = await send(t.app, seller.cookie, conversationId, "Yes, all clear.");
      expect(answer.statusCode).toBe(201);
      expect(answer.json().message).toMatchObject({
        senderId: seller.user.id,
        body: "Yes, all clear.",
        offer: null,
      });
      // The seller wrote after the buyer's message: they have seen it.
      expect(await unread(t.app, seller.cookie)).toBe(0);
      expect(await unread(t.app, buyer.cookie)).toBe(1);
      expect((await detail(t.app, buyer.cookie, conversationId)).unread).toBe(1);
      const read = await call(t.app, {
        method: "POST",
        url: `/api/conversations/${conversationId}/read`,
        cookie: buyer.cookie,
      });
      expect(read.statusCode).toBe(204);
      expect(await unread(t.app, buyer.cookie)).toBe(0);

      const told = await t.app.db
        .select({
          userId: notifications.userId,
          kind: notifications.kind,
          data: notifications.data,
          read: sql<boolean>`${notifications.readAt} is not null`,
        })
        .from(notifications)
        .where(and(eq(notifications.kind, "messageReceived"), eq(notifications.userId, buyer.user.id)));
      expect(told).toEqual([
        {
          userId: buyer.user.id,
          kind: "messageReceived",
          data: expect.objectContaining({
            title: TALK_MSG.conversation.notice("Selim Seller", "Yamaha FZS V3"),
            body: "Yes, all clear.",
            link: `/dashboard/messages/${conversationId}`,
          }),
          // Reading the conversation read its notification too.
          read: true,
        },
      ]);
    });

    it("lists the most recently active conversation first", async () => {
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const first = await buildListing(t.app);
      const second = await buildListing(t.app);
      const a = (await ask(t.app, buyer.cookie, first.id)).json().conversationId;
      const b = (await ask(t.app, buyer.cookie, second.id)).json().conversationId;
      expect((await list(t.app, buyer.cookie)).map((c) => c.id)).toEqual([b, a]);
      await send(t.app, buyer.cookie, a, "Still there?");
      expect((await list(t.app, buyer.cookie)).map((c) => c.id)).toEqual([a, b]);
      const page = await call(t.app, {
        method: "GET",
        url: "/api/conversations?limit=1",
        cookie: buyer.cookie,
      });
      const next = await call(t.app, {
        method: "GET",
        url: `/api/conversations?limit=1&cursor=${page.json().nextCursor}`,
        cookie: buyer.cookie,
      });
      expect(next.json().items.map((c: Conversation) => c.id)).toEqual([b]);
      expect(next.json().nextCursor).toBeNull();
    });

    it("pages messages by id: the newest page, the one before a cursor, and those after an id", async () => {
      const { buyer, conversationId } = await talking(t.app);
      for (let i = 1; i <= 4; i++) await send(t.app, buyer.cookie, conversationId, `line ${i}`);
      const newest = await messagesOf(t.app, buyer.cookie, conversationId, "?limit=2");
      expect(newest.items.map((m) => m.body)).toEqual(["line 3", "line 4"]);
      const older = await messagesOf(
        t.app,
        buyer.cookie,
        conversationId,
        `?limit=2&cursor=${newest.nextCursor}`,
      );
      expect(older.items.map((m) => m.body)).toEqual(["line 1", "line 2"]);
      const oldest = await messagesOf(
        t.app,
        buyer.cookie,
        conversationId,
        `?limit=2&cursor=${older.nextCursor}`,
      );
      expect(oldest).toEqual({
        items: [expect.objectContaining({ body: "Are the papers clear?" })],
        nextCursor: null,
      });
      const after = await messagesOf(t.app, buyer.cookie, conversationId, `?after=${older.items[1]!.id}`);
      expect(after.items.map((m) => m.body)).toEqual(["line 3", "line 4"]);
      const bad = await call(t.app, {
        method: "GET",
        url: `/api/conversations/${conversationId}/messages?cursor=abc`,
        cookie: buyer.cookie,
      });
      expectProblem(bad, 400, MSG.listing.badCursor);
    });
  });

  describe("a sold or removed bike", () => {
    it("stays readable and writable, and says the bike is sold", async () => {
      const { seller, buyer, listing, conversationId } = await talking(t.app);
      await bookOrder(t.app, buyer.cookie, listing.id);
      expect((await detail(t.app, seller.cookie, conversationId)).bike).toMatchObject({
        state: "sold",
        price: 150_000,
      });
      expect((await send(t.app, seller.cookie, conversationId, "See you at Gulshan 1")).statusCode).toBe(201);
    });

    it("says removed for a hidden bike, and keeps the model once the listing is deleted", async () => {
      const { buyer, listing, conversationId } = await talking(t.app);
      await t.app.db.update(listings).set({ hidden: true }).where(eq(listings.id, listing.id));
      expect((await detail(t.app, buyer.cookie, conversationId)).bike).toEqual({
        id: null,
        model: "Yamaha FZS V3",
        price: null,
        photo: null,
        negotiable: false,
        state: "removed",
      });
      await t.app.db.delete(listings).where(eq(listings.id, listing.id));
      const [gone] = await list(t.app, buyer.cookie);
      expect(gone!.bike).toMatchObject({ id: null, model: "Yamaha FZS V3", state: "removed" });
      expect((await messagesOf(t.app, buyer.cookie, conversationId)).items).toHaveLength(1);
    });
  });

  describe("blocking", () => {
    it("stops messages both ways until the blocker unblocks, and both see who blocked", async () => {
      const { seller, buyer, listing, conversationId } = await talking(t.app);
      const block = await call(t.app, {
        method: "POST",
        url: `/api/conversations/${conversationId}/block`,
        cookie: seller.cookie,
      });
      expect(block.statusCode).toBe(204);
      expectProblem(
        await send(t.app, buyer.cookie, conversationId, "hello?"),
        409,
        TALK_MSG.conversation.blocked,
      );
      expectProblem(
        await send(t.app, seller.cookie, conversationId, "bye"),
        409,
        TALK_MSG.conversation.blocked,
      );
      expectProblem(await ask(t.app, buyer.cookie, listing.id, "hello?"), 409, TALK_MSG.conversation.blocked);
      // Another bike of the same seller: no new conversation either.
      const another = await buildListing(t.app, { sellerId: seller.user.id });
      expectProblem(await ask(t.app, buyer.cookie, another.id), 409, TALK_MSG.conversation.blocked);
      expect(await detail(t.app, seller.cookie, conversationId)).toMatchObject({
        blockedByMe: true,
        blockedByThem: false,
      });
      expect(await detail(t.app, buyer.cookie, conversationId)).toMatchObject({
        blockedByMe: false,
        blockedByThem: true,
      });
      // The blocked one cannot lift it.
      await call(t.app, {
        method: "DELETE",
        url: `/api/conversations/${conversationId}/block`,
        cookie: buyer.cookie,
      });
      expectProblem(
        await send(t.app, buyer.cookie, conversationId, "hello?"),
        409,
        TALK_MSG.conversation.blocked,
      );

      const unblock = await call(t.app, {
        method: "DELETE",
        url: `/api/conversations/${conversationId}/block`,
        cookie: seller.cookie,
      });
      expect(unblock.statusCode).toBe(204);
      expect((await send(t.app, buyer.cookie, conversationId, "hello again")).statusCode).toBe(201);
    });

    it("works from the buyer's side too", async () => {
      const { seller, buyer, conversationId } = await talking(t.app);
      await call(t.app, {
        method: "POST",
        url: `/api/conversations/${conversationId}/block`,
        cookie: buyer.cookie,
      });
      expectProblem(
        await send(t.app, seller.cookie, conversationId, "hi"),
        409,
        TALK_MSG.conversation.blocked,
      );
      expect(await detail(t.app, seller.cookie, conversationId)).toMatchObject({ blockedByThem: true });
    });
  });

  describe("reporting", () => {
    it("either person reports once; admins see it with its messages and can dismiss it", async () => {
      const { seller, buyer, conversationId } = await talking(t.app);
      const admin = await signedInUser(t.app, { role: "admin" });
      const report = (cookie: string, reason: unknown) =>
        call(t.app, {
          method: "POST",
          url: `/api/conversations/${conversationId}/report`,
          cookie,
          payload: { reason },
        });
      expectProblem(await report(seller.cookie, " "), 400, TALK_MSG.conversation.reasonRequired);
      expect((await report(seller.cookie, "Asks for an advance")).statusCode).toBe(201);
      expectProblem(await report(seller.cookie, "again"), 409, TALK_MSG.conversation.alreadyReported);
      expect((await detail(t.app, seller.cookie, conversationId)).reportedByMe).toBe(true);
      expect((await detail(t.app, buyer.cookie, conversationId)).reportedByMe).toBe(false);
      const outsider = await signedInUser(t.app, { role: "buyer" });
      expectProblem(await report(outsider.cookie, "nosy"), 403, TALK_MSG.conversation.notYours);

      const queue = await call(t.app, {
        method: "GET",
        url: "/api/admin/conversation-reports",
        cookie: admin.cookie,
      });
      expect(queue.statusCode).toBe(200);
      const item = queue.json().items.find((i: { id: string }) => i.id === conversationId);
      expect(item).toMatchObject({
        bikeModel: "Yamaha FZS V3",
        buyer: { id: buyer.user.id, email: buyer.user.email },
        seller: { id: seller.user.id },
        reports: [{ reason: "Asks for an advance", reporter: { id: seller.user.id } }],
        messages: [{ body: "Are the papers clear?", senderId: buyer.user.id }],
      });

      const dismiss = () =>
        call(t.app, {
          method: "POST",
          url: `/api/admin/conversation-reports/${conversationId}/dismiss`,
          cookie: admin.cookie,
        });
      expect((await dismiss()).statusCode).toBe(204);
      expectProblem(await dismiss(), 404, TALK_MSG.conversation.nothingToDismiss);
      const after = await call(t.app, {
        method: "GET",
        url: "/api/admin/conversation-reports",
        cookie: admin.cookie,
      });
      expect(after.json().items.map((i: { id: string }) => i.id)).not.toContain(conversationId);
    });
  });

  it("shows admins the newest 100 messages of a long reported conversation, oldest of them first", async () => {
    const { seller, buyer, conversationId } = await talking(t.app);
    // 120 more lines, written as the service would (the per-minute limit is not what this is about).
    await t.app.db.insert(messages).values(
      Array.from({ length: 120 }, (_, i) => ({
        conversationId,
        senderId: buyer.user.id,
        body: `line ${i}`,
      })),
    );
    const admin = await signedInUser(t.app, { role: "admin" });
    const reported = await call(t.app, {
      method: "POST",
      url: `/api/conversations/${conversationId}/report`,
      cookie: seller.cookie,
      payload: { reason: "Spam" },
    });
    expect(reported.statusCode).toBe(201);
    const queue = await call(t.app, {
      method: "GET",
      url: "/api/admin/conversation-reports",
      cookie: admin.cookie,
    });
    const item = queue.json().items.find((i: { id: string }) => i.id === conversationId);
    const bodies = (item.messages as Message[]).map((m) => m.body);
    expect(bodies).toHaveLength(100);
    expect(bodies[0]).toBe("line 20");
    expect(bodies.at(-1)).toBe("line 119");
  });

  describe("the event stream's loader", () => {
    it("loads a message for its two people, and replays a person's messages after an id", async () => {
      const { seller, buyer, conversationId } = await talking(t.app);
      const sent = (await send(t.app, seller.cookie, conversationId, "Come see it")).json()
        .message as Message;
      const [loaded] = await loadLiveMessages(t.app.db, [sent.id]);
      expect(loaded).toEqual({
        id: sent.id,
        conversationId,
        to: [buyer.user.id, seller.user.id],
        payload: sent,
      });
      // After an id, and the last seconds' again (their first message too): ids in order.
      const replay = await replayLiveMessages(t.app.db, buyer.user.id, sent.id - 1, 10);
      expect(replay.map((m) => m.id)).toContain(sent.id);
      expect(replay.map((m) => m.id)).toEqual([...replay.map((m) => m.id)].sort((a, b) => a - b));
      const outsider = await signedInUser(t.app, { role: "buyer" });
      expect(await replayLiveMessages(t.app.db, outsider.user.id, 0, 10)).toEqual([]);
    });
  });
});
