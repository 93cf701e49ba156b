/**
 * The admins' queue of reported conversations, shown beside reported listings: each conversation
 * with both people (and their emails, to write to them about it), every report and its newest
 * messages, so an admin reads what was reported.
 */
import { and, desc, eq, inArray, max, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { conversationReports, conversations, messages, offers, users } from "#server/db/schema.ts";
import { NotFound } from "#server/errors.ts";
import { decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import type { Message, ReportedConversation } from "#shared/schemas/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { messageColumns, messageOfferJoin, toMessage } from "./presenter.ts";

/** How many of a reported conversation's newest messages the queue shows. */
const MESSAGES_SHOWN = 100;

/**
 * The newest MESSAGES_SHOWN messages of each conversation, oldest first: what an admin reads of a
 * reported conversation, or of the one between the two people of a disputed handover.
 */
export async function newestMessages(db: Db, conversationIds: string[]): Promise<Map<string, Message[]>> {
  if (conversationIds.length === 0) return new Map();
  const lines = await db
    .select({
      ...messageColumns(),
      rank: sql<number>`row_number() over (partition by ${messages.conversationId} order by ${messages.id} desc)`.as(
        "rank",
      ),
    })
    .from(messages)
    .leftJoin(offers, messageOfferJoin())
    .where(
      and(
        inArray(messages.conversationId, conversationIds),
        // Only the newest MESSAGES_SHOWN rows leave the database: a long conversation is not read whole.
        sql`${messages.id} >= coalesce((select min(t.id) from (select m2.id from messages m2
          where m2.conversation_id = ${messages.conversationId}
          order by m2.id desc limit ${MESSAGES_SHOWN}) t), 0)`,
      ),
    );
  const byConversation = new Map<string, Message[]>();
  for (const line of lines.filter((m) => m.rank <= MESSAGES_SHOWN).sort((a, b) => a.id - b.id)) {
    const list = byConversation.get(line.conversationId) ?? [];
    list.push(toMessage(line));
    byConversation.set(line.conversationId, list);
  }
  return byConversation;
}

/** The conversation of each (bike, buyer) pair that has one, as `listingId:buyerId` → its id. */
export async function conversationsAbout(
  db: Db,
  pairs: { listingId: string; buyerId: string }[],
): Promise<Map<string, string>> {
  if (pairs.length === 0) return new Map();
  const rows = await db
    .select({ id: conversations.id, listingId: conversations.listingId, buyerId: conversations.buyerId })
    .from(conversations)
    .where(
      or(
        ...pairs.map((p) =>
          and(eq(conversations.listingId, p.listingId), eq(conversations.buyerId, p.buyerId)),
        ),
      ),
    );
  return new Map(rows.map((r) => [`${r.listingId}:${r.buyerId}`, r.id]));
}

export async function listReportedConversations(
  db: Db,
  q: { cursor?: string | undefined; limit: number },
): Promise<{ items: ReportedConversation[]; nextCursor: string | null }> {
  const cursor = decodeCursor(q.cursor);
  const lastReport = max(conversationReports.createdAt);
  const groups = await db
    .select({
      id: conversationReports.conversationId,
      lastText: sql<string>`max(${conversationReports.createdAt})::text`,
    })
    .from(conversationReports)
    .groupBy(conversationReports.conversationId)
    .having(
      cursor
        ? sql`(${lastReport}, ${conversationReports.conversationId}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(lastReport), desc(conversationReports.conversationId))
    .limit(q.limit + 1);
  const page = toPage(groups, q.limit, (g) => ({ createdAt: g.lastText, id: g.id }));
  const ids = page.items.map((g) => g.id);
  if (ids.length === 0) return { items: [], nextCursor: null };
  const [rows, reports, people, lines] = await Promise.all([
    db.select().from(conversations).where(inArray(conversations.id, ids)),
    db
      .select({
        id: conversationReports.id,
        conversationId: conversationReports.conversationId,
        reason: conversationReports.reason,
        createdAt: conversationReports.createdAt,
        reporterId: conversationReports.reporterId,
      })
      .from(conversationReports)
      .where(inArray(conversationReports.conversationId, ids))
      .orderBy(desc(conversationReports.createdAt)),
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .innerJoin(conversations, sql`${users.id} in (${conversations.buyerId}, ${conversations.sellerId})`)
      .where(inArray(conversations.id, ids)),
    newestMessages(db, ids),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids.flatMap((id): ReportedConversation[] => {
    const c = byId.get(id);
    const buyer = c && person.get(c.buyerId);
    const seller = c && person.get(c.sellerId);
    if (!c || !buyer || !seller) return [];
    return [
      {
        id: c.id,
        bikeModel: c.bikeModel,
        listingId: c.listingId,
        buyer,
        seller,
        reports: reports
          .filter((r) => r.conversationId === id)
          .flatMap((r) => {
            const reporter = person.get(r.reporterId);
            return reporter
              ? [{ id: r.id, reason: r.reason, reportedAt: r.createdAt.toISOString(), reporter }]
              : [];
          }),
        messages: lines.get(id) ?? [],
      },
    ];
  });
  return { items, nextCursor: page.nextCursor };
}

/** The reports were unfounded: they leave the queue (the conversation stays as it was). */
export async function dismissConversationReports(db: Db, conversationId: string): Promise<void> {
  if (!isUuid(conversationId)) throw new NotFound(TALK_MSG.conversation.notFound);
  const removed = await db
    .delete(conversationReports)
    .where(eq(conversationReports.conversationId, conversationId))
    .returning({ id: conversationReports.id });
  if (removed.length === 0) throw new NotFound(TALK_MSG.conversation.nothingToDismiss);
}
