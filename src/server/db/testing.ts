/**
 * For the tests of a migration on data written before it (migrate-*.test.ts): a copy of the
 * migrations that stops before one, and a bare connection to a fresh database of this run's kind
 * that runs SQL as the old site wrote it and then the migrations.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { pgliteOptions } from "#server/db/client.ts";
import { freshPostgresUrl, testDbKind } from "#server/test/app.ts";

export const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** A copy of the migrations folder that stops before `tag`. */
export async function migrationsBefore(tag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-migrations-"));
  await fs.cp(migrations, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(await fs.readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

export type Runner = {
  query(sql: string): Promise<Record<string, unknown>[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
};

export async function openRunner(): Promise<Runner> {
  if (testDbKind === "postgres") {
    const fresh = await freshPostgresUrl();
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    return {
      query: async (sql) => (await client.query(sql)).rows,
      migrate: (folder) => migratePg(drizzlePg({ client }), { migrationsFolder: folder }),
      close: async () => {
        await client.end();
        await fresh.drop();
      },
    };
  }
  const client = new PGlite(pgliteOptions);
  return {
    // exec, not query: the rows of the old site are written in one multi-statement script.
    query: async (sql) => ((await client.exec(sql)).at(-1)?.rows ?? []) as Record<string, unknown>[],
    migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** The people and bikes of a small market written in SQL (a seller's sold bikes `bike(n)`, a buyer). */
export const SELLER = "00000000-0000-4000-8000-000000000001";
export const BUYER = "00000000-0000-4000-8000-000000000002";
export const bike = (n: number) => `00000000-0000-4000-8000-0000000000a${n}`;
export const order = (n: number) => `00000000-0000-4000-8000-0000000000b${n}`;

/** Inserts the seller, the buyer and the seller's sold bikes numbered `bikes` (schema 0012 onwards). */
export function marketSql(bikes: number[]): string {
  const listing = (n: number) => `('${bike(n)}', '${SELLER}', 'sports', 'FZS V3', 'Yamaha', 149, 245000,
      180000, '2 years', 'yamaha fzs v3', 2021, 1000, 'dhaka', true, 'k1', 'sold')`;
  return `
    insert into images (key, width, height) values ('k1', 640, 480);
    insert into users (id, name, email, role) values
      ('${SELLER}', 'Karim', 'karim@example.test', 'seller'),
      ('${BUYER}', 'Nusrat', 'nusrat@example.test', 'buyer');
    insert into bike_models (key, brand_key, brand, model) values ('yamaha fzs v3', 'yamaha', 'Yamaha', 'FZS V3');
    insert into listings (id, seller_id, category_slug, model, brand, engine_cc, brand_new_price,
        asking_price, total_used, model_key, year, km_run, district_slug, has_registration, photo_key, status)
      values ${bikes.map(listing).join(", ")};`;
}
