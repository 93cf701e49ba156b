/**
 * Each table is written by the one domain that owns it, and `listings.status` by one module
 * (docs/architecture.md, "What may import what"; decision 022). Work that spans domains composes these owners
 * in `src/server/workflows/`, which writes no table itself. Read off the source: a write is an
 * `.insert(t)`, `.update(t)` or `.delete(t)` of a table of `db/schema.ts`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "#server/db/schema.ts";

const root = path.dirname(fileURLToPath(import.meta.url));

/** Where each table may be written, as folders (or files) under src/server. */
const OWNERS: Record<string, string[]> = {
  users: [
    "features/auth",
    // The verified tick is the admins' to give: a column of the account no other domain writes.
    "features/admin/service.ts",
  ],
  sessions: ["features/auth"],
  mfaRecoveryCodes: ["features/auth"],
  passwordResetTokens: ["features/auth"],
  listings: ["features/listings"],
  listingPhotos: ["features/listings"],
  listingPhotoUploads: ["features/listings"],
  bikeModels: ["features/listings"],
  orders: ["features/orders"],
  payments: ["features/payments"],
  ledgerEntries: ["features/ledger"],
  moneyActions: ["features/ledger"],
  handoverDisputes: ["features/orders"],
  payoutAccounts: ["features/payouts"],
  testPaymentIntents: ["features/payments/provider/test-provider.ts"],
  reports: ["features/reports"],
  images: ["images"],
  conversations: ["features/messages"],
  messages: ["features/messages"],
  offers: ["features/messages"],
  userBlocks: ["features/messages"],
  conversationReports: ["features/messages"],
  notifications: ["features/notifications"],
  outbox: ["features/notifications"],
  emailOptOuts: ["features/notifications"],
  savedListings: ["features/saved"],
  reviews: ["features/reviews"],
  sellerRatings: ["features/reviews"],
  reviewReports: ["features/reviews"],
  // Written by migrations (categories) and the demo seed (app_meta) only.
  categories: [],
  appMeta: [],
  // Written only by migration 0015's triggers, as a public change commits (decision 027).
  marketVersion: [],
};

/** Source that ships: not tests, their fixtures, the demo seed or the authorization matrix's cases. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ["seed", "test", "migrations"].includes(entry.name) ? [] : sourceFiles(full);
    if (!entry.name.endsWith(".ts") || entry.name.endsWith(".test.ts")) return [];
    if (entry.name === "testing.ts" || entry.name.endsWith(".cases.ts")) return [];
    return [full];
  });
}

const files = sourceFiles(root).map((file) => ({
  file: path.relative(root, file).split(path.sep).join("/"),
  text: fs.readFileSync(file, "utf8"),
}));
const tables = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name, value]) => ({ name, sqlName: getTableName(value as PgTable) }));

describe("table ownership", () => {
  it("knows every table of the schema", () => {
    expect(Object.keys(OWNERS).sort()).toEqual(tables.map((t) => t.name).sort());
  });

  it("each table is written only by its owner", () => {
    const strays: string[] = [];
    for (const { name } of tables) {
      const write = new RegExp(`\\.(insert|update|delete)\\(${name}\\)`);
      for (const { file, text } of files) {
        if (!write.test(text)) continue;
        const owned = OWNERS[name]!.some((owner) => file === owner || file.startsWith(`${owner}/`));
        if (!owned) strays.push(`${file} writes ${name}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it("listings.status is written by listings/market.ts alone", () => {
    const statusWrite = /\.update\(listings\)\s*\.set\(\{[^}]*\bstatus\b/;
    const writers = files.filter(({ text }) => statusWrite.test(text)).map(({ file }) => file);
    expect(writers).toEqual(["features/listings/market.ts"]);
  });

  it("workflows compose owners and write no table themselves", () => {
    const writes = files.filter(
      ({ file, text }) => file.startsWith("workflows/") && /\.(insert|update|delete)\(\w+\)/.test(text),
    );
    expect(writes.map((w) => w.file)).toEqual([]);
  });
});
