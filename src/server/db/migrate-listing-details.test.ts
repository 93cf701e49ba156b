import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations, migrationsBefore, openRunner, type Runner } from "./testing.ts";

// Migration 0009 adds the fields a buyer asks first, the catalogue and the photos table to a market
// that already has listings: this runs 0000–0008, writes rows as the site wrote them then, runs 0009
// and reads what became of them.

describe("migration 0009 on a market that has listings", () => {
  let db: Runner;
  let before: string;

  beforeAll(async () => {
    db = await openRunner();
    before = await migrationsBefore("0009_listing-details-search");
    await db.migrate(before);
    await db.query(`
      insert into images (key, width, height) values ('k1', 640, 480), ('k2', 640, 480);
      insert into users (id, name, email, role) values
        ('00000000-0000-4000-8000-000000000001', 'Karim', 'karim@example.test', 'seller');
      insert into listings (id, seller_id, category_slug, model, brand, engine_cc, brand_new_price,
          asking_price, total_used, photo_key, created_at) values
        ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'sports',
          'Yamaha FZ-S V3', 'Yamaha', 149, 245000, 180000, '2 years', 'k1', '2024-03-01T10:00:00Z'),
        ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'sports',
          'FZS  v3', 'yamaha', 149, 245000, 175000, '3 years', 'k2', '2025-05-01T10:00:00Z');
    `);
    await db.migrate(migrations);
  });

  afterAll(async () => {
    await db?.close();
    if (before) await fs.rm(before, { recursive: true, force: true });
  });

  it("gives every listing placeholders a seller can correct, and one catalogue entry per model", async () => {
    const rows = await db.query(
      "select id, model_key, year, km_run, district_slug, has_registration, name_transfer, negotiable, area from listings order by id",
    );
    expect(rows).toEqual([
      expect.objectContaining({
        model_key: "yamaha fz s v3",
        year: 2024,
        km_run: 0,
        district_slug: "dhaka",
        has_registration: false,
        name_transfer: false,
        negotiable: true,
        area: null,
      }),
      // The same bike written differently: spacing and the brand repeated in the model do not matter.
      expect.objectContaining({ model_key: "yamaha fzs v3", year: 2025 }),
    ]);
    const models = await db.query("select key, brand_key from bike_models order by key");
    expect(models).toEqual([
      { key: "yamaha fz s v3", brand_key: "yamaha" },
      { key: "yamaha fzs v3", brand_key: "yamaha" },
    ]);
  });

  it("makes each listing's photo its only photo, the cover", async () => {
    const photos = await db.query(
      "select listing_id, position, image_key from listing_photos order by listing_id",
    );
    expect(photos).toEqual([
      { listing_id: "00000000-0000-4000-8000-0000000000a1", position: 0, image_key: "k1" },
      { listing_id: "00000000-0000-4000-8000-0000000000a2", position: 0, image_key: "k2" },
    ]);
  });

  it("leaves the new columns required for listings written after it", async () => {
    await expect(
      db.query(`insert into listings (seller_id, category_slug, model, brand, engine_cc, brand_new_price,
          asking_price, total_used, photo_key) values ('00000000-0000-4000-8000-000000000001', 'sports',
          'R15', 'Yamaha', 155, 1, 1, '1 year', 'k1')`),
    ).rejects.toThrow(/null value/);
  });
});
