import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { notifications, outbox, users } from "#server/db/schema.ts";
import { BadRequest, NotFound } from "#server/errors.ts";
import { MSG } from "#shared/messages.ts";
import type { DeadLettersPage, NotificationData } from "#shared/schemas/notifications.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";

/**
 * `GET /api/admin/outbox/dead`: the emails the worker gave up on, newest first, with whom each was
 * for and the last error, so an admin can see what is wrong (a bad address, the mail server down).
 */
export async function listDeadLetters(
  db: Db,
  q: { cursor?: string | undefined; limit: number },
): Promise<DeadLettersPage> {
  if (q.cursor !== undefined && !/^[1-9]\d{0,15}$/.test(q.cursor))
    throw new BadRequest(MSG.listing.badCursor, { cursor: MSG.listing.badCursor });
  const rows = await db
    .select({
      id: outbox.id,
      kind: notifications.kind,
      data: notifications.data,
      recipientId: users.id,
      name: users.name,
      email: users.email,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .innerJoin(notifications, eq(notifications.id, outbox.notificationId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(and(eq(outbox.status, "dead"), q.cursor ? lt(outbox.id, Number(q.cursor)) : undefined))
    .orderBy(desc(outbox.id))
    .limit(q.limit + 1);
  const items = rows.slice(0, q.limit).map((r) => ({
    id: r.id,
    kind: r.kind,
    title: (r.data as NotificationData).title,
    recipient: { id: r.recipientId, name: r.name, email: r.email },
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, nextCursor: rows.length > q.limit ? String(items.at(-1)!.id) : null };
}

/**
 * `POST /api/admin/outbox/:id/retry`: a dead email is queued again with a fresh set of attempts
 * (same row, same idempotency key and Message-ID). Only a dead one: 404 otherwise.
 */
export async function retryDeadLetter(db: Db, id: string): Promise<void> {
  if (!/^[1-9]\d{0,15}$/.test(id)) throw new NotFound(TALK_MSG.notification.deadNotFound);
  const retried = await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, runAt: sql`now()`, doneAt: null })
    .where(and(eq(outbox.id, Number(id)), eq(outbox.status, "dead")))
    .returning({ id: outbox.id });
  if (retried.length === 0) throw new NotFound(TALK_MSG.notification.deadNotFound);
}
