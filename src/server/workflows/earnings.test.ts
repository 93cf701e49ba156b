/** A seller's earnings (issue 23, item 4): their statement and balance, summed from the ledger. */
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { card, confirm, GOOD_CARD, openIntent } from "#server/features/payments/testing.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { EarningsPage } from "#shared/schemas/earnings.ts";

const earnings = (app: FastifyInstance, cookie: string, query = "") =>
  call(app, { method: "GET", url: `/api/me/earnings${query}`, cookie });

async function read(app: FastifyInstance, cookie: string, query = ""): Promise<EarningsPage> {
  const res = await earnings(app, cookie, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("a seller's earnings", () => {
  const t = setupTestApp({ PLATFORM_FEE_PERCENT: "2" }, { holdSweepIntervalMs: null });

  it("shows money held until the handover, then released less the fee, line by line and in the balance", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    expect(await read(t.app, seller.cookie)).toEqual({
      items: [],
      nextCursor: null,
      balance: { held: 0, available: 0, paidOut: 0, fees: 0 },
    });

    const buyer = await signedInUser(t.app, { role: "buyer" });
    const bikes = [
      await buildListing(t.app, { sellerId: seller.user.id, askingPrice: 150_000, model: "FZS V3" }),
      await buildListing(t.app, { sellerId: seller.user.id, askingPrice: 90_000, model: "Gixxer" }),
    ];
    const orders = [];
    for (const bike of bikes) {
      const order = await bookOrder(t.app, buyer.cookie, bike.id);
      const intent = await openIntent(t.app, buyer.cookie, order.id);
      expect((await confirm(t.app, buyer.cookie, intent, { card: card(GOOD_CARD) })).statusCode).toBe(200);
      orders.push(order);
    }
    const held = await read(t.app, seller.cookie);
    expect(held.balance).toEqual({ held: 240_000, available: 0, paidOut: 0, fees: 0 });
    expect(held.items.map((e) => [e.kind, e.amount, e.order?.model])).toEqual([
      ["received", 90_000, "Gixxer"],
      ["received", 150_000, "FZS V3"],
    ]);

    const handedOver = await call(t.app, {
      method: "POST",
      url: `/api/orders/${orders[0]!.id}/handover`,
      cookie: buyer.cookie,
    });
    expect(handedOver.statusCode, handedOver.body).toBe(200);
    const after = await read(t.app, seller.cookie);
    expect(after.balance).toEqual({ held: 90_000, available: 147_000, paidOut: 0, fees: 3_000 });
    expect(after.items.map((e) => [e.kind, e.amount, e.order?.id])).toEqual([
      ["fee", 3_000, orders[0]!.id],
      ["released", 150_000, orders[0]!.id],
      ["received", 90_000, orders[1]!.id],
      ["received", 150_000, orders[0]!.id],
    ]);
    expect(after.items[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      kind: "fee",
      amount: 3_000,
      at: expect.any(String),
      order: { id: orders[0]!.id, model: "FZS V3" },
      reference: null,
    });

    // Two lines a page: the second page goes on where the first stopped; the balance is the whole one.
    const first = await read(t.app, seller.cookie, "?limit=2");
    expect(first.items.map((e) => e.kind)).toEqual(["fee", "released"]);
    const second = await read(t.app, seller.cookie, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((e) => e.kind)).toEqual(["received", "received"]);
    expect(second.nextCursor).toBeNull();
    expect(second.balance).toEqual(after.balance);

    // Nobody else's money: another seller's statement is empty.
    const other = await signedInUser(t.app, { role: "seller" });
    expect((await read(t.app, other.cookie)).items).toEqual([]);
  });

  it("refuses a cursor that is not one of its own with 400", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    for (const cursor of ["abc", "0", "-1", "1.5", "99999999999999999"]) {
      expectProblem(await earnings(t.app, seller.cookie, `?cursor=${cursor}`), 400, MSG.listing.badCursor);
    }
  });
});
