import { type AnyColumn, gt, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";

/** The PostgreSQL channel every node LISTENs on (one connection per node: plugins/live-stream.ts). */
export const LIVE_CHANNEL = "motohaat_live";

/**
 * What changed, for whom. The payload carries ids only (NOTIFY payloads are capped at 8,000 bytes,
 * and the tables are the source of truth): each node's stream loads the row once and sends it to
 * the connected tabs of the people in `to`.
 * - `message`: `id` is a message id (bigint from `live_event_id`);
 * - `notification`: `id` is a notification id (bigint from `live_event_id`);
 * - `conversation`: `id` is a conversation id (uuid): it changed without a new message (read, block, offer decided).
 */
export type LiveEvent = {
  type: "message" | "notification" | "conversation";
  id: number | string;
  /** User ids whose tabs hear it. */
  to: string[];
};

/**
 * Tells every node's event stream about `event`. Inside a transaction PostgreSQL (and PGlite) hold
 * the notification until COMMIT and drop it on ROLLBACK: nobody hears of a message that was never
 * written. Call it with the `tx` that writes the row.
 */
export async function publishLive(tx: Tx | Db, event: LiveEvent): Promise<void> {
  if (event.to.length === 0) return;
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}

/**
 * A replay after Last-Event-ID also sends again what was written in the last seconds, whatever its
 * id. Ids come from one sequence when a row is inserted, but transactions commit in their own order:
 * a message given id 1000 may commit after a notification given 1001 was sent, and a tab that heard
 * 1001 and then reconnected would never be sent 1000 by `id > 1001` alone (the cluster test's kill -9
 * caught it: "a tab missed a message"). A tab keeps one of each id, so a repeat costs nothing.
 */
export const REPLAY_OVERLAP_SECONDS = 30;

/** `id > afterId`, or written within REPLAY_OVERLAP_SECONDS (a row's created_at is its transaction's start). */
export function replayedSince(id: AnyColumn, createdAt: AnyColumn, afterId: number): SQL {
  return or(gt(id, afterId), gt(createdAt, sql`now() - make_interval(secs => ${REPLAY_OVERLAP_SECONDS})`))!;
}
