import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { notifications } from "#server/db/schema.ts";
import { replayedSince } from "#server/lib/live-events.ts";
import type { LiveItem, LiveSource } from "#server/plugins/live-stream.ts";

const columns = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  data: notifications.data,
  createdAt: notifications.createdAt,
};

function toItem(row: { id: number; userId: string; kind: string; data: unknown; createdAt: Date }): LiveItem {
  return {
    id: row.id,
    to: [row.userId],
    event: "notification",
    data: { id: row.id, kind: row.kind, data: row.data, createdAt: row.createdAt.toISOString(), read: false },
  };
}

/** Notifications on the event stream: each goes to the one person it is for. */
export const notificationLiveSource: LiveSource = {
  async load(db: Db, ids: number[]) {
    const rows = await db.select(columns).from(notifications).where(inArray(notifications.id, ids));
    return rows.map(toItem);
  },
  async replay(db: Db, userId: string, afterId: number, limit: number) {
    const rows = await db
      .select(columns)
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          replayedSince(notifications.id, notifications.createdAt, afterId),
        ),
      )
      .orderBy(asc(notifications.id))
      .limit(limit);
    return rows.map(toItem);
  },
};
