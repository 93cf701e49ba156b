/**
 * The market's version (decision 027): what keeps a rendered page from being served after anything it
 * was made from changed. Every table is either part of public pages, and moves the version as a write
 * to it commits, or nobody's public page, and does not (a message or a sign-in keeps kept pages).
 */
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { readMarketVersion } from "#server/db/market-version.ts";
import * as schema from "#server/db/schema.ts";
import { call, setupTestApp } from "#server/test/app.ts";
import { buildListing, buildUser, signIn } from "#server/test/factories.ts";

/** Tables public pages read: a bike, its photos, its seller, their ratings, the categories and models. */
const PUBLIC = [
  "users",
  "images",
  "categories",
  "bike_models",
  "listings",
  "listing_photos",
  "orders",
  "reviews",
  "seller_ratings",
  "review_reports",
  "app_meta",
];

/** Tables no public page reads: a person's own, or the admins'. */
const PRIVATE = [
  "sessions",
  "mfa_recovery_codes",
  "password_reset_tokens",
  "listing_photo_uploads",
  "payments",
  "ledger_entries",
  "payout_accounts",
  "money_actions",
  "handover_disputes",
  "test_payment_intents",
  "reports",
  "conversations",
  "messages",
  "offers",
  "user_blocks",
  "conversation_reports",
  "notifications",
  "outbox",
  "email_opt_outs",
  "saved_listings",
  "market_version",
];

describe("the market's version", () => {
  const t = setupTestApp();

  it("is kept by a trigger on every table public pages read, and on no other", async () => {
    const tables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable))
      .sort();
    // A new table must be put on one side: a public one missed would leave kept pages stale.
    expect(tables).toEqual([...PUBLIC, ...PRIVATE].sort());
    const result = (await t.app.db.execute(
      sql`select c.relname as "table", array_agg(tg.tgname::text order by tg.tgname) as triggers
          from pg_trigger tg join pg_class c on c.oid = tg.tgrelid
          where not tg.tgisinternal group by c.relname`,
    )) as unknown as { rows: { table: string; triggers: string[] }[] };
    const triggered = Object.fromEntries(result.rows.map((r) => [r.table, r.triggers]));
    for (const table of PUBLIC)
      expect(triggered[table], table).toEqual(["market_changed", "market_truncated"]);
    // The ledger's and the money log's own triggers keep them append-only (decision 028): no market
    // version among them.
    const own: Record<string, string[]> = {
      ledger_entries: ["ledger_entries_no_change", "ledger_entries_no_truncate"],
      money_actions: ["money_actions_no_change", "money_actions_no_truncate"],
    };
    for (const table of PRIVATE) expect(triggered[table], table).toEqual(own[table]);
  });

  it("moves once when a transaction writing public tables commits, and not when it rolls back", async () => {
    const bike = await buildListing(t.app, { askingPrice: 150_000 });
    const before = await readMarketVersion(t.app.db);
    await t.app.db.transaction(async (tx) => {
      await tx.update(schema.listings).set({ askingPrice: 140_000 }).where(eq(schema.listings.id, bike.id));
      await tx.update(schema.listings).set({ askingPrice: 130_000 }).where(eq(schema.listings.id, bike.id));
      await tx.update(schema.users).set({ name: "Renamed Seller" }).where(eq(schema.users.id, bike.sellerId));
    });
    expect(await readMarketVersion(t.app.db)).toBe(before + 1);

    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.update(schema.listings).set({ askingPrice: 1 }).where(eq(schema.listings.id, bike.id));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await readMarketVersion(t.app.db)).toBe(before + 1);

    await t.app.db.delete(schema.listingPhotos).where(eq(schema.listingPhotos.listingId, bike.id));
    await t.app.db.execute(sql`truncate review_reports`);
    expect(await readMarketVersion(t.app.db)).toBe(before + 3);
  });

  it("stays where it is when someone signs in or saves a bike", async () => {
    const bike = await buildListing(t.app);
    const buyer = await buildUser(t.app, { role: "buyer" });
    const before = await readMarketVersion(t.app.db);
    const cookie = await signIn(t.app, buyer);
    const saved = await call(t.app, { method: "PUT", url: `/api/saved/${bike.id}`, cookie });
    expect(saved.statusCode).toBeLessThan(300);
    expect(await readMarketVersion(t.app.db)).toBe(before);
  });
});
