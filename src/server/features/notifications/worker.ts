/**
 * The outbox's worker (decision 023): sends the emails `notify()` queued, on every app node at once.
 *
 * 1. Claim: one UPDATE takes up to `batch` due pending rows (`FOR UPDATE SKIP LOCKED`: a row another
 *    node is claiming is passed over, never waited for or taken twice), counts the attempt and pushes
 *    `run_at` one lease ahead. The statement is its own short transaction: nothing stays locked while
 *    mail is sent, and on PGlite (one transaction at a time) no request waits for SMTP.
 * 2. Send, outside any transaction, with a Message-ID made from the row's idempotency key.
 * 3. Record: `sent`, or `skipped` (the person switched the kind off, deleted their account, or already
 *    read a message's notification), or, on failure, the error and a later `run_at` (exponential
 *    back-off), or `dead` after the last attempt, for an admin to see.
 * A process killed between 1 and 3 leaves the row pending with its lease: once the lease has passed
 * any node claims it again and sends it again, with the same Message-ID.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { emailOptOuts, notifications, outbox, users } from "#server/db/schema.ts";
import { liveAccount } from "#server/features/people/accounts.ts";
import { runPeriodically } from "#server/lib/periodic.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { NotificationData, NotificationKind } from "#shared/schemas/notifications.ts";
import { notificationEmail } from "./email.ts";

export type OutboxDeps = {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, "outbox" | "publicUrl" | "sessionSecret">;
};

type Claimed = { id: number; attempts: number };

/** The longest a failed email waits before its next try. */
const MAX_BACKOFF_MS = 24 * 60 * 60 * 1000;

/** Claims up to `batch` due rows for `leaseMs` (see above). */
export async function claimDue(db: Db, batch: number, leaseMs: number): Promise<Claimed[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.runAt, sql`now()`)))
    .orderBy(asc(outbox.runAt))
    .limit(batch)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      runAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(outbox.id, due))
    .returning({ id: outbox.id, attempts: outbox.attempts });
}

/** What one claimed row sends, with what decides whether it is sent at all. */
async function loadClaimed(db: Db, id: number) {
  const [row] = await db
    .select({
      idempotencyKey: outbox.idempotencyKey,
      kind: notifications.kind,
      data: notifications.data,
      read: sql<boolean>`${notifications.readAt} is not null`,
      userId: users.id,
      name: users.name,
      email: users.email,
      language: users.language,
      live: sql<boolean>`${liveAccount()}`,
      optedOut: sql<boolean>`exists (select 1 from ${emailOptOuts} where ${emailOptOuts.userId} = ${users.id} and ${emailOptOuts.kind} = ${notifications.kind})`,
    })
    .from(outbox)
    .innerJoin(notifications, eq(notifications.id, outbox.notificationId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(outbox.id, id));
  return row;
}

/** A row's end, written only if it is still this claim's (pending, this attempt). */
function finish(db: Db, claim: Claimed, set: PgUpdateSetSource<typeof outbox>) {
  return db
    .update(outbox)
    .set(set)
    .where(and(eq(outbox.id, claim.id), eq(outbox.status, "pending"), eq(outbox.attempts, claim.attempts)));
}

/** The wait before the next try after `attempts` failed ones: base, 2×base, 4×base…, at most a day. */
export function backoffMs(retryBaseMs: number, attempts: number): number {
  return Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

async function deliver(deps: OutboxDeps, claim: Claimed): Promise<"sent" | "skipped" | "failed" | "dead"> {
  const { db, config } = deps;
  const row = await loadClaimed(db, claim.id);
  if (!row) return "skipped";
  const kind = row.kind as NotificationKind;
  if (!row.live || row.optedOut || (kind === "messageReceived" && row.read)) {
    await finish(db, claim, { status: "skipped", doneAt: sql`now()` });
    return "skipped";
  }
  try {
    await deps.mailer.send(
      notificationEmail({
        to: { id: row.userId, name: row.name, email: row.email, language: row.language },
        kind,
        data: row.data as NotificationData,
        idempotencyKey: row.idempotencyKey,
        publicUrl: config.publicUrl,
        sessionSecret: config.sessionSecret,
      }),
    );
  } catch (err) {
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    if (claim.attempts >= config.outbox.maxAttempts) {
      await finish(db, claim, { status: "dead", lastError, doneAt: sql`now()` });
      return "dead";
    }
    const wait = backoffMs(config.outbox.retryBaseMs, claim.attempts) / 1000;
    await finish(db, claim, {
      lastError,
      runAt: sql`now() + make_interval(secs => ${wait})`,
    });
    return "failed";
  }
  await finish(db, claim, { status: "sent", lastError: null, doneAt: sql`now()` });
  return "sent";
}

export type OutboxRun = { sent: number; skipped: number; failed: number; dead: number };

/**
 * Sends what is due until nothing is: batch after batch, each batch's emails at once. Safe to run on
 * any number of nodes (and twice on one) at the same time. Once `signal` is aborted (the node is
 * shutting down) it finishes the batch it claimed and claims no more: under steady load the queue
 * never empties, and a node draining it would not stop.
 */
export async function drainOutbox(deps: OutboxDeps, signal?: AbortSignal): Promise<OutboxRun> {
  const run: OutboxRun = { sent: 0, skipped: 0, failed: 0, dead: 0 };
  const { batch, leaseMs } = deps.config.outbox;
  while (!signal?.aborted) {
    const claimed = await claimDue(deps.db, batch, leaseMs);
    const outcomes = await Promise.all(claimed.map((c) => deliver(deps, c)));
    for (const o of outcomes) run[o] += 1;
    if (claimed.length < batch) break;
  }
  return run;
}

/**
 * Runs the worker once the app is ready and then every `OUTBOX_POLL_MS` (a second by default) on
 * this node; closing the app stops it taking more and waits for the batch it holds. A failed run (the
 * database away) is logged and tried again at the next tick.
 */
export function scheduleOutboxWorker(app: FastifyInstance): void {
  const interval = app.config.outbox.pollIntervalMs;
  if (interval === null) return;
  runPeriodically(app, "sending notification emails", interval, async (signal) => {
    const run = await drainOutbox({ db: app.db, mailer: app.mailer, config: app.config }, signal);
    if (run.failed > 0 || run.dead > 0) app.log.warn(run, "some notification emails failed");
    else if (run.sent > 0) app.log.info(run, "notification emails sent");
  });
}
