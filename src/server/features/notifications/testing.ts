import type { FastifyInstance } from "fastify";
import { notifications, outbox } from "#server/db/schema.ts";
import type { NotificationData, NotificationKind } from "#shared/schemas/notifications.ts";

/** A notification for `userId`, written as rows (no event, no live publish): for tests of reads. */
export async function buildNotification(
  app: FastifyInstance,
  userId: string,
  opts: { kind?: NotificationKind; data?: Partial<NotificationData>; read?: boolean } = {},
): Promise<number> {
  const [row] = await app.db
    .insert(notifications)
    .values({
      userId,
      kind: opts.kind ?? "sellerVerified",
      data: {
        title: "Your seller account is verified",
        body: "Well done.",
        link: "/dashboard",
        ...opts.data,
      },
      readAt: opts.read ? new Date() : null,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** A notification whose email the outbox gave up on: its dead outbox row's id. */
export async function buildDeadLetter(app: FastifyInstance, userId: string): Promise<number> {
  const notificationId = await buildNotification(app, userId);
  const [row] = await app.db
    .insert(outbox)
    .values({
      notificationId,
      channel: "email",
      idempotencyKey: `${notificationId}:email`,
      status: "dead",
      attempts: 8,
      lastError: "550 mailbox unavailable",
      doneAt: new Date(),
    })
    .returning({ id: outbox.id });
  return row!.id;
}
