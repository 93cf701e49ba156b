import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUYER,
  bike,
  marketSql,
  migrations,
  migrationsBefore,
  openRunner,
  order,
  type Runner,
  SELLER,
} from "./testing.ts";

// Migrations 0016 and 0017 start the ledger and hold card money until the handover (decision 028) on a
// market that has already taken money: this runs
// 0000–0015, writes payments as the site wrote them then (a card payment kept, one given back, cash at
// a meeting), runs the rest and reads the entries and due dates they wrote.

describe("migrations 0016 and 0017 on a market that has taken payments", () => {
  let db: Runner;
  let before: string;

  beforeAll(async () => {
    db = await openRunner();
    before = await migrationsBefore("0016_ledger");
    await db.migrate(before);
    await db.query(`
      ${marketSql([1, 2, 3])}
      insert into orders (id, listing_id, buyer_id, price, phone, meeting_location, status, paid_at, ended_at, hold_until) values
        ('${order(1)}', '${bike(1)}', '${BUYER}', 180000, '01711000000', 'Gulshan 1', 'paid', '2026-10-02T10:00:00Z', null, now()),
        ('${order(2)}', '${bike(2)}', '${BUYER}', 175000, '01711000000', 'Gulshan 1', 'expired', null, now(), now()),
        ('${order(3)}', '${bike(3)}', '${BUYER}', 160000, '01711000000', 'Gulshan 1', 'paid', '2026-10-03T10:00:00Z', null, now());
      insert into payments (order_id, provider, intent_id, amount, currency, refunded_at, created_at) values
        ('${order(1)}', 'stripe', 'pi_1', 18000000, 'BDT', null, '2026-10-02T10:00:00Z'),
        ('${order(2)}', 'test', 'pi_2', 17500000, 'BDT', '2026-10-05T10:00:00Z', '2026-10-04T10:00:00Z'),
        ('${order(3)}', 'cash', 'cash:${order(3)}', 16000000, 'BDT', null, '2026-10-03T10:00:00Z');
    `);
    await db.migrate(migrations);
  });

  afterAll(async () => {
    await db?.close();
    if (before) await fs.rm(before, { recursive: true, force: true });
  });

  it("records each card payment as received, and a refunded one as given back; cash has no entry", async () => {
    const rows = await db.query(
      "select kind, amount, order_id, seller_id, created_at::text as at from ledger_entries order by id",
    );
    expect(rows).toEqual([
      {
        kind: "received",
        amount: 18_000_000,
        order_id: order(1),
        seller_id: SELLER,
        at: "2026-10-02 10:00:00+00",
      },
      {
        kind: "received",
        amount: 17_500_000,
        order_id: order(2),
        seller_id: SELLER,
        at: "2026-10-04 10:00:00+00",
      },
      {
        kind: "refunded",
        amount: 17_500_000,
        order_id: order(2),
        seller_id: SELLER,
        at: "2026-10-05 10:00:00+00",
      },
    ]);
  });

  it("holds the card money still paid until the handover, 7 days from its payment; cash and refunded money not", async () => {
    const rows = await db.query(
      "select id, release_due_at::text as due, handed_over_at, money_released_at from orders order by id",
    );
    expect(rows).toEqual([
      { id: order(1), due: "2026-10-09 10:00:00+00", handed_over_at: null, money_released_at: null },
      { id: order(2), due: null, handed_over_at: null, money_released_at: null },
      { id: order(3), due: null, handed_over_at: null, money_released_at: null },
    ]);
  });
});
