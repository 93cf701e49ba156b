/**
 * Fixtures of the messages feature for tests (this and other features', and the authorization
 * matrix): rows written straight to the database, so a test is not held by the rate limits.
 */
import { and, eq, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { conversationReports, conversations, messages, offers, userBlocks } from "#server/db/schema.ts";
import { buildListing } from "#server/test/factories.ts";

/**
 * A conversation of `buyerId` with one opening message, about a fresh bike of `sellerId` (or
 * `listingId`'s). Any block between the two is lifted first: a test about something else must not
 * inherit one.
 */
export async function buildConversation(
  app: FastifyInstance,
  people: { buyerId: string; sellerId: string; listingId?: string },
): Promise<{ id: string; listingId: string; messageId: number }> {
  const listingId = people.listingId ?? (await buildListing(app, { sellerId: people.sellerId })).id;
  await app.db
    .delete(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, people.buyerId), eq(userBlocks.blockedId, people.sellerId)),
        and(eq(userBlocks.blockerId, people.sellerId), eq(userBlocks.blockedId, people.buyerId)),
      ),
    );
  const [c] = await app.db
    .insert(conversations)
    .values({ listingId, buyerId: people.buyerId, sellerId: people.sellerId, bikeModel: "Bajaj Pulsar 150" })
    .returning({ id: conversations.id });
  const [m] = await app.db
    .insert(messages)
    .values({ conversationId: c!.id, senderId: people.buyerId, body: "Is it still available?" })
    .returning({ id: messages.id });
  await app.db
    .update(conversations)
    .set({ lastMessageId: m!.id, buyerReadId: m!.id, lastMessageAt: sql`now()` })
    .where(eq(conversations.id, c!.id));
  return { id: c!.id, listingId, messageId: m!.id };
}

/** A pending offer of the conversation's buyer. */
export async function buildOffer(
  app: FastifyInstance,
  conversation: { id: string; listingId: string; buyerId: string },
  amount = 120_000,
): Promise<string> {
  const [row] = await app.db
    .insert(offers)
    .values({
      conversationId: conversation.id,
      listingId: conversation.listingId,
      buyerId: conversation.buyerId,
      amount,
    })
    .returning({ id: offers.id });
  return row!.id;
}

/** A report of the conversation by `reporterId`. */
export async function buildConversationReport(
  app: FastifyInstance,
  conversationId: string,
  reporterId: string,
) {
  await app.db
    .insert(conversationReports)
    .values({ conversationId, reporterId, reason: "Asked for money first" });
}
