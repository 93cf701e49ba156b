import type { FastifyInstance } from "fastify";
import { runPeriodically } from "#server/lib/periodic.ts";
import { sweepExpiredHolds } from "./hold-endings.ts";

/**
 * Expires the holds that have run out and puts their bikes back on sale, at start and then every
 * minute (`holdSweepIntervalMs`). Every app node runs it: no lock is needed, because the guarded
 * UPDATE (`… where status = 'held' and hold_until <= now() returning …`) lets one node expire a
 * given order and the others find it no longer held (decision 021). Between a hold's end and the
 * next sweep, reads already show the order expired (orders/presenter.ts) and a new booking of the
 * bike expires it itself, so the minute only delays the bike's `Stock Out` turning back to for sale.
 */
export function scheduleHoldSweep(app: FastifyInstance): void {
  const interval = app.config.holdSweepIntervalMs;
  if (interval === null) return;
  runPeriodically(app, "expiring unpaid bookings", interval, async () => {
    const expired = await sweepExpiredHolds(app.db);
    if (expired.length > 0) {
      app.log.info({ orders: expired.map((o) => o.id) }, `${expired.length} unpaid bookings expired`);
    }
  });
}
