/**
 * The ledger balances whatever happens to the money (issue 23, item 7): random sequences of what
 * people and admins do with card-paid orders (confirm the handover, dispute it, refund, release, the
 * due-date sweep, payouts of any amount) end with every request answered without a 500 and the ledger
 * check finding nothing wrong: money in = held + released + refunded, released = fees + paid out + owed.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardPaid } from "#server/features/payments/testing.ts";
import { call, setupTestApp } from "#server/test/app.ts";
import { signedInUser } from "#server/test/factories.ts";
import { checkLedger } from "./ledger-check.ts";
import { releaseDueMoney } from "./money-release.ts";

const OPS = ["confirm", "dispute", "refund", "release", "due", "payout"] as const;

describe("the ledger after random sequences of money operations", () => {
  const t = setupTestApp({ PLATFORM_FEE_PERCENT: "3.5" }, { holdSweepIntervalMs: null });

  it("balances, and nothing answers 500", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            op: fc.constantFrom(...OPS),
            order: fc.nat({ max: 2 }),
            amount: fc.integer({ min: 1, max: 300_000 }),
          }),
          { minLength: 3, maxLength: 12 },
        ),
        fc.array(fc.integer({ min: 1_000, max: 250_000 }), { minLength: 3, maxLength: 3 }),
        async (steps, prices) => {
          const deals = await Promise.all(prices.map((price) => cardPaid(t.app, price)));
          for (const deal of deals)
            await call(t.app, {
              method: "PUT",
              url: "/api/me/payout-details",
              cookie: deal.seller.cookie,
              payload: { method: "nagad", walletNumber: "01812345678" },
            });
          for (const step of steps) {
            const deal = deals[step.order]!;
            const orderId = deal.order.id;
            const res = await (async () => {
              switch (step.op) {
                case "confirm":
                  return call(t.app, {
                    method: "POST",
                    url: `/api/orders/${orderId}/handover`,
                    cookie: deal.buyer.cookie,
                  });
                case "dispute":
                  return call(t.app, {
                    method: "POST",
                    url: `/api/orders/${orderId}/dispute`,
                    cookie: deal.buyer.cookie,
                    payload: {
                      reason: "not_as_described",
                      description: "The bike has a different engine number.",
                    },
                  });
                case "refund":
                case "release":
                  return call(t.app, {
                    method: "POST",
                    url: `/api/admin/handover-disputes/${orderId}/decide`,
                    cookie: admin.cookie,
                    payload: { decision: step.op, note: "Decided after calling both of them." },
                  });
                case "due":
                  await t.app.db.execute(
                    sql`update orders set release_due_at = now() - interval '1 second' where id = ${orderId}`,
                  );
                  await releaseDueMoney(t.app.db, t.app.config.money);
                  return null;
                case "payout":
                  return call(t.app, {
                    method: "POST",
                    url: "/api/admin/payouts",
                    cookie: admin.cookie,
                    payload: {
                      sellerId: deal.seller.user.id,
                      amount: step.amount,
                      reference: `REF-${step.amount}`,
                    },
                  });
              }
            })();
            if (res) expect(res.statusCode, `${step.op}: ${res.body}`).toBeLessThan(500);
          }
          const { totals, problems } = await checkLedger(t.app.db);
          expect(problems).toEqual([]);
          expect(totals.received).toBe(totals.held + totals.released + totals.refunded);
          expect(totals.released).toBe(totals.fee + totals.paidOut + totals.owed);
        },
      ),
      { numRuns: 12 },
    );
  });
});
