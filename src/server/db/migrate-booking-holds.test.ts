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
} from "./testing.ts";

// Migration 0012 turns bookings into holds (decision 021) on a market that already has orders: this
// runs 0000–0011, writes orders as the site wrote them then (a booking took the bike for good), runs
// 0012 and reads what became of them.

describe("migration 0012 on a market that has orders", () => {
  let db: Runner;
  let before: string;

  beforeAll(async () => {
    db = await openRunner();
    before = await migrationsBefore("0012_booking-holds");
    await db.migrate(before);
    await db.query(`
      ${marketSql([1, 2, 3, 4])}
      insert into orders (id, listing_id, buyer_id, price, phone, meeting_location, paid_at, created_at) values
        ('${order(1)}', '${bike(1)}', '${BUYER}', 180000, '01711-000000', 'Gulshan 1', now() - interval '2 days', now() - interval '3 days'),
        ('${order(2)}', '${bike(2)}', '${BUYER}', 180000, '+880 1811 222333', 'Gulshan 1', null, now() - interval '1 hour'),
        ('${order(3)}', '${bike(3)}', '${BUYER}', 180000, '8801911-444555', 'Gulshan 1', null, now() - interval '3 days'),
        ('${order(4)}', '${bike(4)}', '${BUYER}', 180000, 'call 01711 after 6pm', 'Gulshan 1', null, now() - interval '1 hour');
    `);
    await db.migrate(migrations);
  });

  afterAll(async () => {
    await db?.close();
    if (before) await fs.rm(before, { recursive: true, force: true });
  });

  it("a paid order is paid; an unpaid one is held for 48 hours from its booking", async () => {
    const rows = await db.query(`select id, status, ended_at is null as not_ended,
        hold_until = created_at + interval '48 hours' as held_48h, hold_until <= now() as due
      from orders order by id`);
    expect(rows).toEqual([
      { id: order(1), status: "paid", not_ended: true, held_48h: true, due: true },
      { id: order(2), status: "held", not_ended: true, held_48h: true, due: false },
      // Booked 3 days ago: due at once, the first sweep expires it and frees the bike.
      { id: order(3), status: "held", not_ended: true, held_48h: true, due: true },
      { id: order(4), status: "held", not_ended: true, held_48h: true, due: false },
    ]);
  });

  it("writes Bangladeshi mobile numbers in the one form booking stores, and keeps anything else as typed", async () => {
    const rows = await db.query("select phone from orders order by id");
    expect(rows.map((r) => r.phone)).toEqual([
      "+8801711000000",
      "+8801811222333",
      "+8801911444555",
      "call 01711 after 6pm",
    ]);
  });

  it("lets a bike be booked again once its order has ended, but never twice at once", async () => {
    await db.query(`update orders set status = 'expired', ended_at = hold_until where id = '${order(3)}'`);
    await db.query(`insert into orders (listing_id, buyer_id, price, phone, meeting_location, hold_until)
      values ('${bike(3)}', '${BUYER}', 180000, '+8801711000000', 'Gulshan 1', now() + interval '1 hour')`);
    await expect(
      db.query(`insert into orders (listing_id, buyer_id, price, phone, meeting_location, hold_until)
        values ('${bike(2)}', '${BUYER}', 180000, '+8801711000000', 'Gulshan 1', now() + interval '1 hour')`),
    ).rejects.toThrow(/orders_listing_live_idx/);
  });

  it("refuses a state without its time: held without hold_until, paid without paid_at, ended without ended_at", async () => {
    for (const set of [
      "status = 'held', hold_until = null",
      "status = 'paid'",
      "status = 'cancelled'",
      "status = 'sold'",
    ]) {
      await expect(db.query(`update orders set ${set} where id = '${order(4)}'`), set).rejects.toThrow(
        /check constraint/,
      );
    }
  });
});
