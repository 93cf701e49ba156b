import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { conversations, messages, offers } from "#server/db/schema.ts";
import { replayedSince } from "#server/lib/live-events.ts";
import type { LiveItem, LiveSource } from "#server/plugins/live-stream.ts";
import type { Message } from "#shared/schemas/messages.ts";
import { messageColumns, messageOfferJoin, toMessage } from "./presenter.ts";

/** A message as the event stream carries it: for its two people, shaped as the API shows it. */
export type LiveMessage = { id: number; conversationId: string; to: string[]; payload: Message };

function select(db: Db) {
  return db
    .select({ ...messageColumns(), buyerId: conversations.buyerId, sellerId: conversations.sellerId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(offers, messageOfferJoin());
}

type Row = Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number];

function toLive(r: Row): LiveMessage {
  return { id: r.id, conversationId: r.conversationId, to: [r.buyerId, r.sellerId], payload: toMessage(r) };
}

/** The messages with these ids (a NOTIFY named them); the readers come from the rows, not the payload. */
export async function loadLiveMessages(db: Db, ids: number[]): Promise<LiveMessage[]> {
  if (ids.length === 0) return [];
  return (await select(db).where(inArray(messages.id, ids))).map(toLive);
}

/** The person's messages after `afterId` (and the last seconds' again: replayedSince), oldest first. */
export async function replayLiveMessages(
  db: Db,
  userId: string,
  afterId: number,
  limit: number,
): Promise<LiveMessage[]> {
  const rows = await select(db)
    .where(
      and(
        or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
        replayedSince(messages.id, messages.createdAt, afterId),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(limit);
  return rows.map(toLive);
}

const toItem = (m: LiveMessage): LiveItem => ({ id: m.id, to: m.to, event: "message", data: m.payload });

/** Messages on the event stream (registered by this feature's routes). */
export const messageLiveSource: LiveSource = {
  load: async (db, ids) => (await loadLiveMessages(db, ids)).map(toItem),
  replay: async (db, userId, afterId, limit) =>
    (await replayLiveMessages(db, userId, afterId, limit)).map(toItem),
};
