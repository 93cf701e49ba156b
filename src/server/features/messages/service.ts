import { and, asc, desc, eq, gt, inArray, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import {
  conversationReports,
  conversations,
  images,
  listings,
  messages,
  offers,
  userBlocks,
  users,
} from "#server/db/schema.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "#server/errors.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import { personColumns, personPhotoJoin, toPerson } from "#server/features/people/presenter.ts";
import { publishLive } from "#server/lib/live-events.ts";
import { decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { isUniqueViolation } from "#server/lib/pg-errors.ts";
import { MSG } from "#shared/messages.ts";
import type {
  Conversation,
  ConversationDetail,
  Message,
  MessagesPage,
  MyBikeConversation,
} from "#shared/schemas/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import {
  bikeColumns,
  bikePhoto,
  bikePhotoJoin,
  messageColumns,
  messageOfferJoin,
  offerColumns,
  toConversationBike,
  toMessage,
  toOffer,
} from "./presenter.ts";

/**
 * The messages feature: conversations between a buyer and a seller about one bike, their messages,
 * offers, blocks and reports. Only the conversation's two people read or write it. What also
 * tells someone (a notification) is composed in `src/server/workflows/messaging.ts` and `offers.ts`.
 */

export type ConversationRow = typeof conversations.$inferSelect;
type Reader = Db | Tx;

/** The conversation `id` if `user` is one of its two people: 404 for an unknown id, 403 for anyone else. */
export async function conversationOf(db: Reader, user: { id: string }, id: string): Promise<ConversationRow> {
  if (!isUuid(id)) throw new NotFound(TALK_MSG.conversation.notFound);
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  if (!row) throw new NotFound(TALK_MSG.conversation.notFound);
  if (row.buyerId !== user.id && row.sellerId !== user.id)
    throw new Forbidden(TALK_MSG.conversation.notYours);
  return row;
}

/** The other person in the conversation. */
export function otherOf(c: Pick<ConversationRow, "buyerId" | "sellerId">, userId: string): string {
  return c.buyerId === userId ? c.sellerId : c.buyerId;
}

/** Whether either of the two has blocked the other. */
async function blockedBetween(db: Reader, a: string, b: string): Promise<{ byA: boolean; byB: boolean }> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    );
  return { byA: rows.some((r) => r.blockerId === a), byB: rows.some((r) => r.blockerId === b) };
}

/** A block either way stops every message between the two (409). */
export async function refuseIfBlocked(db: Reader, a: string, b: string): Promise<void> {
  const blocked = await blockedBetween(db, a, b);
  if (blocked.byA || blocked.byB) throw new Conflict(TALK_MSG.conversation.blocked);
}

/** The bike as a conversation or an offer needs it now (undefined when it is deleted). */
export async function bikeForTalk(db: Reader, listingId: string | null) {
  if (listingId === null) return undefined;
  const [row] = await db
    .select({
      id: listings.id,
      sellerId: listings.sellerId,
      model: listings.model,
      askingPrice: listings.askingPrice,
      negotiable: listings.negotiable,
      status: listings.status,
      hidden: listings.hidden,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row;
}

/**
 * The buyer's conversation about a bike, made if there is none (one per buyer and bike: the unique
 * index settles two at once). A new one needs the bike on sale and not the buyer's own; an existing
 * one goes on whatever became of the bike (buyer and seller still arrange a booked bike's meeting).
 * Runs in the caller's transaction after the buyer's row is locked.
 */
export async function openConversation(tx: Tx, buyer: AuthUser, listingId: string): Promise<ConversationRow> {
  if (!isUuid(listingId)) throw new NotFound(MSG.listing.notFound);
  const [existing] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.listingId, listingId), eq(conversations.buyerId, buyer.id)));
  if (existing) return existing;
  const bike = await bikeForTalk(tx, listingId);
  if (!bike || bike.hidden) throw new NotFound(MSG.listing.notFound);
  if (bike.sellerId === buyer.id) throw new Forbidden(TALK_MSG.conversation.ownBike);
  if (bike.status !== "available") throw new Conflict(TALK_MSG.conversation.bikeUnavailable);
  await refuseIfBlocked(tx, buyer.id, bike.sellerId);
  await tx
    .insert(conversations)
    .values({ listingId, buyerId: buyer.id, sellerId: bike.sellerId, bikeModel: bike.model })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.listingId, listingId), eq(conversations.buyerId, buyer.id)));
  return row!;
}

/**
 * Writes a message in the caller's transaction: the conversation's newest message moves to it, the
 * sender's read marker too (they have seen everything up to their own words), and both people's
 * event streams hear of it on commit. `offerId`: the offer the message makes or answers.
 */
export async function insertMessage(
  tx: Tx,
  conversation: Pick<ConversationRow, "id" | "buyerId" | "sellerId">,
  senderId: string,
  body: string,
  offerId?: string,
): Promise<Message> {
  const [row] = await tx
    .insert(messages)
    .values({ conversationId: conversation.id, senderId, body, offerId })
    .returning({ id: messages.id });
  const id = row!.id;
  const readMarker = senderId === conversation.buyerId ? "buyerReadId" : "sellerReadId";
  await tx
    .update(conversations)
    .set({ lastMessageId: id, lastMessageAt: sql`now()`, [readMarker]: id })
    .where(eq(conversations.id, conversation.id));
  await publishLive(tx, { type: "message", id, to: [conversation.buyerId, conversation.sellerId] });
  const [message] = await tx
    .select(messageColumns())
    .from(messages)
    .leftJoin(offers, messageOfferJoin())
    .where(eq(messages.id, id));
  return toMessage(message!);
}

/**
 * One of the two writes in their conversation (409 while either has blocked the other). Locks the
 * sender's row first, as every write a person makes. Returns the message and the conversation.
 */
export async function writeMessage(tx: Tx, sender: AuthUser, conversationId: string, body: string) {
  await lockLiveAccount(tx, sender.id);
  const conversation = await conversationOf(tx, sender, conversationId);
  await refuseIfBlocked(tx, conversation.buyerId, conversation.sellerId);
  const message = await insertMessage(tx, conversation, sender.id, body);
  return { conversation, message };
}

/** SQL: the reader's own read marker in the conversation's row. */
function readMarkerOf(userId: string): SQL<number> {
  return sql<number>`case when ${conversations.buyerId} = ${userId} then ${conversations.buyerReadId} else ${conversations.sellerReadId} end`;
}

/** SQL: how many of the other's messages the reader has not read in the conversation's row. */
function unreadOf(userId: string): SQL<number> {
  return sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.id} > ${readMarkerOf(userId)} and ${messages.senderId} <> ${userId})`;
}

function summaryColumns(userId: string) {
  return {
    id: conversations.id,
    buyerId: conversations.buyerId,
    sellerId: conversations.sellerId,
    snapshotModel: conversations.bikeModel,
    lastMessageAt: conversations.lastMessageAt,
    lastAtText: sql<string>`${conversations.lastMessageAt}::text`,
    lastBody: messages.body,
    lastSenderId: messages.senderId,
    lastSentAt: messages.createdAt,
    lastIsOffer: sql<boolean>`${messages.offerId} is not null`,
    unread: unreadOf(userId),
    ...bikeColumns(),
  };
}

function selectSummaries(db: Reader, userId: string) {
  return db
    .select(summaryColumns(userId))
    .from(conversations)
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .leftJoin(bikePhoto, bikePhotoJoin());
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>["execute"]>>[number];

/** People as the other sees them in a conversation: name and photo (no email, no phone). */
async function peopleByIds(db: Reader, ids: string[]) {
  if (ids.length === 0) return new Map<string, Conversation["other"]>();
  const rows = await db
    .select(personColumns())
    .from(users)
    .leftJoin(images, personPhotoJoin())
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => {
      const { email: _email, ...person } = toPerson(r);
      return [r.id, person] as const;
    }),
  );
}

function toConversation(r: SummaryRow, userId: string, other: Conversation["other"]): Conversation {
  return {
    id: r.id,
    role: r.buyerId === userId ? "buyer" : "seller",
    bike: toConversationBike(r, r.snapshotModel),
    other,
    lastMessage:
      r.lastBody === null
        ? null
        : {
            body: r.lastBody,
            senderId: r.lastSenderId!,
            sentAt: r.lastSentAt!.toISOString(),
            offer: r.lastIsOffer,
          },
    unread: r.unread,
    updatedAt: r.lastMessageAt.toISOString(),
  };
}

/** A person's conversations, the most recently active first (keyset on the last message's time). */
export async function listConversations(
  db: Db,
  user: AuthUser,
  q: { cursor?: string | undefined; limit: number },
): Promise<{ items: Conversation[]; nextCursor: string | null }> {
  const cursor = decodeCursor(q.cursor);
  const rows = await selectSummaries(db, user.id)
    .where(
      and(
        or(eq(conversations.buyerId, user.id), eq(conversations.sellerId, user.id)),
        cursor
          ? sql`(${conversations.lastMessageAt}, ${conversations.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(q.limit + 1);
  const page = toPage(rows, q.limit, (r) => ({ createdAt: r.lastAtText, id: r.id }));
  const people = await peopleByIds(
    db,
    page.items.map((r) => otherOf(r, user.id)),
  );
  return {
    items: page.items.flatMap((r) => {
      const other = people.get(otherOf(r, user.id));
      return other ? [toConversation(r, user.id, other)] : [];
    }),
    nextCursor: page.nextCursor,
  };
}

/** Every message the person has not read, across their conversations (the badges). */
export async function unreadCount(db: Db, user: AuthUser): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        or(eq(conversations.buyerId, user.id), eq(conversations.sellerId, user.id)),
        ne(messages.senderId, user.id),
        gt(messages.id, readMarkerOf(user.id)),
      ),
    );
  return row?.n ?? 0;
}

/** The newest offer of a conversation, whatever became of it. */
async function newestOffer(db: Reader, conversationId: string) {
  const [row] = await db
    .select(offerColumns())
    .from(offers)
    .where(eq(offers.conversationId, conversationId))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(1);
  return row ? toOffer(row) : null;
}

/** One conversation as one of its two people sees it. */
export async function conversationDetail(db: Db, user: AuthUser, id: string): Promise<ConversationDetail> {
  const conversation = await conversationOf(db, user, id);
  const otherId = otherOf(conversation, user.id);
  const [[row], people, blocked, reported, offer] = await Promise.all([
    selectSummaries(db, user.id).where(eq(conversations.id, conversation.id)),
    peopleByIds(db, [otherId]),
    blockedBetween(db, user.id, otherId),
    db
      .select({ id: conversationReports.id })
      .from(conversationReports)
      .where(
        and(
          eq(conversationReports.conversationId, conversation.id),
          eq(conversationReports.reporterId, user.id),
        ),
      ),
    newestOffer(db, conversation.id),
  ]);
  const other = people.get(otherId);
  if (!row || !other) throw new NotFound(TALK_MSG.conversation.notFound);
  return {
    ...toConversation(row, user.id, other),
    blockedByMe: blocked.byA,
    blockedByThem: blocked.byB,
    reportedByMe: reported.length > 0,
    offer,
  };
}

/** Messages of a conversation, oldest first: the newest page, the page before `cursor`, or all after `after`. */
export async function messagesPage(
  db: Db,
  user: AuthUser,
  id: string,
  q: { cursor?: string | undefined; after?: number | undefined; limit: number },
): Promise<MessagesPage> {
  const conversation = await conversationOf(db, user, id);
  const before = q.cursor === undefined ? undefined : Number(q.cursor);
  if (before !== undefined && !(Number.isSafeInteger(before) && before > 0)) {
    throw new BadRequest(MSG.listing.badCursor, { cursor: MSG.listing.badCursor });
  }
  const inConversation = eq(messages.conversationId, conversation.id);
  if (q.after !== undefined) {
    const rows = await db
      .select(messageColumns())
      .from(messages)
      .leftJoin(offers, messageOfferJoin())
      .where(and(inConversation, gt(messages.id, q.after)))
      .orderBy(asc(messages.id))
      .limit(q.limit);
    return { items: rows.map(toMessage), nextCursor: null };
  }
  const rows = await db
    .select(messageColumns())
    .from(messages)
    .leftJoin(offers, messageOfferJoin())
    .where(and(inConversation, before === undefined ? undefined : lt(messages.id, before)))
    .orderBy(desc(messages.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit).reverse();
  return {
    items: page.map(toMessage),
    nextCursor: rows.length > q.limit && page[0] ? String(page[0].id) : null,
  };
}

/** The reader has read everything up to the newest message; their other tabs hear of it. */
export async function markRead(tx: Tx, user: AuthUser, id: string): Promise<ConversationRow> {
  const conversation = await conversationOf(tx, user, id);
  const marker = conversation.buyerId === user.id ? "buyerReadId" : "sellerReadId";
  await tx
    .update(conversations)
    .set({ [marker]: sql`${conversations.lastMessageId}` })
    .where(eq(conversations.id, conversation.id));
  await publishLive(tx, { type: "conversation", id: conversation.id, to: [user.id] });
  return conversation;
}

/** Blocks (or unblocks) the other person of the conversation: it stops messages between them everywhere. */
export async function setBlock(db: Db, user: AuthUser, id: string, blocked: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLiveAccount(tx, user.id);
    const conversation = await conversationOf(tx, user, id);
    const otherId = otherOf(conversation, user.id);
    if (blocked) {
      await tx.insert(userBlocks).values({ blockerId: user.id, blockedId: otherId }).onConflictDoNothing();
    } else {
      await tx
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, user.id), eq(userBlocks.blockedId, otherId)));
    }
    await publishLive(tx, { type: "conversation", id: conversation.id, to: [user.id, otherId] });
  });
}

/** One report per person per conversation: the unique index decides (409 for a second). */
export async function reportConversation(db: Db, user: AuthUser, id: string, reason: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await lockLiveAccount(tx, user.id);
      const conversation = await conversationOf(tx, user, id);
      await tx
        .insert(conversationReports)
        .values({ conversationId: conversation.id, reporterId: user.id, reason });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(TALK_MSG.conversation.alreadyReported);
    throw err;
  }
}

/**
 * An accepted offer the buyer may still book the bike at (the newest, if several): read inside the
 * booking's transaction, by the database's clock.
 */
export async function acceptedOfferFor(db: Reader, listingId: string, buyerId: string) {
  const [row] = await db
    .select(offerColumns())
    .from(offers)
    .where(
      and(
        eq(offers.listingId, listingId),
        eq(offers.buyerId, buyerId),
        eq(offers.status, "accepted"),
        gt(offers.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(offers.expiresAt))
    .limit(1);
  return row ? toOffer(row) : null;
}

/** `GET /api/listings/:id/conversation`: the buyer's conversation about the bike and an offer to book at. */
export async function myBikeConversation(
  db: Db,
  buyer: AuthUser,
  listingId: string,
): Promise<MyBikeConversation> {
  if (!isUuid(listingId)) throw new NotFound(MSG.listing.notFound);
  const [[row], acceptedOffer] = await Promise.all([
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.listingId, listingId), eq(conversations.buyerId, buyer.id))),
    acceptedOfferFor(db, listingId, buyer.id),
  ]);
  return { conversationId: row?.id ?? null, acceptedOffer };
}
