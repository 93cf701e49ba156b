import type { FastifyInstance } from "fastify";
import type { Db } from "#server/db/client.ts";
import { runPeriodically } from "#server/lib/periodic.ts";
import { remindHoldsEndingSoon } from "./order-notices.ts";

/** One sweep: every hold running out within six hours and not reminded yet is reminded, in one transaction. */
export function sweepHoldReminders(db: Db): Promise<number> {
  return db.transaction((tx) => remindHoldsEndingSoon(tx));
}

/**
 * Reminds buyers of holds about to run out, at start and then as often as the hold sweeper runs
 * (`holdSweepIntervalMs`; never when that is null). Every node runs it: the guarded UPDATE of
 * `hold_reminded_at` (orders/notices.ts) lets one node take a given order.
 */
export function scheduleHoldReminders(app: FastifyInstance): void {
  const interval = app.config.holdSweepIntervalMs;
  if (interval === null) return;
  runPeriodically(app, "reminding holds about to run out", interval, async () => {
    const reminded = await sweepHoldReminders(app.db);
    if (reminded > 0) app.log.info({ reminded }, `${reminded} buyers reminded of holds running out`);
  });
}
