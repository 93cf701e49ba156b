import { and, count, desc, eq, inArray, isNull, lt, lte, ne, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { emailOptOuts, notifications, outbox } from "#server/db/schema.ts";
import { type AuthUser, isLiveAccount, lockLiveAccount } from "#server/features/people/accounts.ts";
import { publishLive } from "#server/lib/live-events.ts";
import { decodeIdCursor } from "#server/lib/pagination.ts";
import {
  type EmailPreferences,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationData,
  type NotificationKind,
  type NotificationsPage,
  type PreferencesUpdate,
} from "#shared/schemas/notifications.ts";

export type NotificationInput = {
  userId: string;
  kind: NotificationKind;
  data: NotificationData;
  /** False: in-app only, no email queued (the kind has none, or the caller decides the person is here). */
  email?: boolean;
  /**
   * At most one email per this many minutes for the same person, kind and link (a conversation):
   * none is queued when one was queued within it. Defaults to the kind's rule (EMAIL_RULES).
   */
  emailOncePerMinutes?: number;
  /** The email waits this long before it may go (the kind's rule by default; 0: at once). */
  emailDelaySeconds?: number;
};

/**
 * Kinds whose email is not sent for every notification. A message: at most one email per
 * conversation per 15 minutes, and not before a minute has passed, so that a person who is on the
 * site and reads it in the meantime (which marks it read: `markReadByLink`) gets no email at all.
 */
const EMAIL_RULES: Partial<Record<NotificationKind, { oncePerMinutes?: number; delaySeconds?: number }>> = {
  messageReceived: { oncePerMinutes: 15, delaySeconds: 60 },
};

/** Whether an email of this person, kind and link was queued within the last `minutes`. */
async function emailedRecently(tx: Tx, input: NotificationInput, minutes: number, except: number) {
  const [row] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .innerJoin(notifications, eq(notifications.id, outbox.notificationId))
    .where(
      and(
        eq(notifications.userId, input.userId),
        eq(notifications.kind, input.kind),
        sql`${notifications.data}->>'link' = ${input.data.link}`,
        sql`${outbox.createdAt} > now() - make_interval(mins => ${minutes}::int)`,
        ne(notifications.id, except),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Writes notifications in the caller's transaction, the one that writes the event causing them (the
 * transactional outbox, decision 023): the bell's row, an outbox row per channel for the worker
 * (`worker.ts`) to send, and a live event for the person's open tabs. Rolled back with the event;
 * never written without it.
 */
export async function notify(tx: Tx, input: NotificationInput | NotificationInput[]): Promise<void> {
  const all = Array.isArray(input) ? input : [input];
  if (all.length === 0) return;
  const rows = await tx
    .insert(notifications)
    .values(all.map(({ userId, kind, data }) => ({ userId, kind, data })))
    .returning({ id: notifications.id, userId: notifications.userId });
  const queued: { notificationId: number; channel: "email"; idempotencyKey: string; runAt: SQL }[] = [];
  for (const [i, row] of rows.entries()) {
    const one = all[i]!;
    if (one.email === false) continue;
    const rule = EMAIL_RULES[one.kind];
    const oncePer = one.emailOncePerMinutes ?? rule?.oncePerMinutes ?? 0;
    if (oncePer > 0 && (await emailedRecently(tx, one, oncePer, row.id))) continue;
    const delay = one.emailDelaySeconds ?? rule?.delaySeconds ?? 0;
    queued.push({
      notificationId: row.id,
      channel: "email",
      idempotencyKey: `${row.id}:email`,
      runAt: delay > 0 ? sql`now() + make_interval(secs => ${delay}::int)` : sql`now()`,
    });
  }
  if (queued.length > 0) await tx.insert(outbox).values(queued).onConflictDoNothing();
  for (const r of rows) await publishLive(tx, { type: "notification", id: r.id, to: [r.userId] });
}

/**
 * The person has seen what `link` leads to (opened a conversation): its notifications are read, and
 * a message's email still waiting is then skipped by the worker. Returns how many it marked.
 */
export async function markReadByLink(tx: Tx | Db, userId: string, link: string): Promise<number> {
  const marked = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        sql`${notifications.data}->>'link' = ${link}`,
      ),
    )
    .returning({ id: notifications.id });
  return marked.length;
}

function toNotification(row: {
  id: number;
  kind: string;
  data: unknown;
  createdAt: Date;
  readAt: Date | null;
}): Notification {
  return {
    id: row.id,
    kind: row.kind,
    data: row.data as NotificationData,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** How many of the person's notifications are unread (through the partial unread index). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** `GET /api/notifications`: the person's notifications, newest first, with the unread count. */
export async function listNotifications(
  db: Db,
  user: AuthUser,
  q: { cursor?: string | undefined; limit: number },
): Promise<NotificationsPage> {
  const before = decodeIdCursor(q.cursor);
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      data: notifications.data,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), before === null ? undefined : lt(notifications.id, before)))
    .orderBy(desc(notifications.id))
    .limit(q.limit + 1);
  const items = rows.slice(0, q.limit).map(toNotification);
  return {
    items,
    nextCursor: rows.length > q.limit ? String(items.at(-1)!.id) : null,
    unread: await unreadCount(db, user.id),
  };
}

/** `POST /api/notifications/read`: every unread one up to `upTo` (all without it) is read; the unread count after. */
export async function markRead(db: Db, user: AuthUser, upTo: number | undefined): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, user.id),
        isNull(notifications.readAt),
        upTo === undefined ? undefined : lte(notifications.id, upTo),
      ),
    );
  return unreadCount(db, user.id);
}

const KINDS = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** Each kind's email: on unless the person switched it off. */
export async function emailPreferences(db: Db | Tx, userId: string): Promise<EmailPreferences> {
  const off = await db
    .select({ kind: emailOptOuts.kind })
    .from(emailOptOuts)
    .where(eq(emailOptOuts.userId, userId));
  const offKinds = new Set(off.map((r) => r.kind));
  return Object.fromEntries(KINDS.map((k) => [k, !offKinds.has(k)])) as EmailPreferences;
}

async function switchOff(tx: Tx, userId: string, kinds: NotificationKind[]): Promise<void> {
  if (kinds.length === 0) return;
  await tx
    .insert(emailOptOuts)
    .values(kinds.map((kind) => ({ userId, kind })))
    .onConflictDoNothing();
}

/** `PUT /api/notifications/preferences`: the kinds named change; the answer is every kind after. */
export async function setEmailPreferences(
  db: Db,
  user: AuthUser,
  update: PreferencesUpdate,
): Promise<EmailPreferences> {
  return db.transaction(async (tx) => {
    await lockLiveAccount(tx, user.id);
    const entries = Object.entries(update.email) as [NotificationKind, boolean | undefined][];
    await switchOff(
      tx,
      user.id,
      entries.filter(([, on]) => on === false).map(([k]) => k),
    );
    const on = entries.filter(([, v]) => v === true).map(([k]) => k);
    if (on.length > 0) {
      await tx
        .delete(emailOptOuts)
        .where(and(eq(emailOptOuts.userId, user.id), inArray(emailOptOuts.kind, on)));
    }
    return emailPreferences(tx, user.id);
  });
}

/**
 * One-click unsubscribe (RFC 8058): the email's signed link names the person and the kind, checked
 * by the caller (`readUnsubscribeToken`). Saying it twice changes nothing and succeeds again.
 */
export async function unsubscribe(db: Db, userId: string, kind: NotificationKind): Promise<void> {
  await db.transaction(async (tx) => {
    // A deleted account gets no email anyway; its link still answers as done.
    if (await isLiveAccount(tx, userId)) await switchOff(tx, userId, [kind]);
  });
}
