import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "#server/db/client.ts";
import { runPeriodically } from "#server/lib/periodic.ts";
import { deleteExpiredResetTokens } from "./password-reset.ts";
import { deleteExpiredSessions } from "./sessions.ts";

/** Expired rows only take room (the queries already ignore them): once an hour is plenty. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Arbitrary constant, beside the migrations' (db/client.ts): one sweep at a time across app nodes. */
export const SWEEP_LOCK = 7_314_160;

/**
 * Deletes the sessions and password-reset links that can no longer be used. (A pending second
 * factor lives in a signed cookie that expires by itself: no rows to sweep.)
 *
 * Several app nodes start and sweep at about the same time. The deletes alone would be safe (they are
 * idempotent), but the nodes would each scan and wait on the same rows' locks; a transaction-level
 * advisory lock lets the first node sweep and the others skip that round. Transaction-level, so it is
 * released on commit on the connection that took it, whichever pooled connection that was.
 * Returns what was deleted, or null when another node was sweeping.
 */
export async function sweepExpired(db: Db): Promise<{ sessions: number; resetTokens: number } | null> {
  return db.transaction(async (tx) => {
    // Both drivers (node-postgres, PGlite) answer `execute` with the rows in `rows`.
    const { rows } = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!rows[0]?.locked) return null;
    return { sessions: await deleteExpiredSessions(tx), resetTokens: await deleteExpiredResetTokens(tx) };
  });
}

/** Sweeps at start, then every hour while the app is up. */
export function scheduleSweep(app: FastifyInstance): void {
  runPeriodically(app, "sweeping expired sessions", SWEEP_INTERVAL_MS, async () => {
    const swept = await sweepExpired(app.db);
    if (swept && swept.sessions + swept.resetTokens > 0)
      app.log.info(swept, "expired sessions and reset links deleted");
  });
}
