import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { reports, users } from "#server/db/schema.ts";
import { setupTestApp } from "#server/test/app.ts";
import { buildUser } from "#server/test/factories.ts";
import { isForeignKeyViolation, isUniqueViolation } from "./pg-errors.ts";

/** What the database really throws, as drizzle hands it to the services that map it to 404 / 409. */
async function errorOf(write: Promise<unknown>): Promise<unknown> {
  try {
    await write;
  } catch (err) {
    return err;
  }
  throw new Error("the write succeeded");
}

describe("PostgreSQL errors as the services see them", () => {
  const t = setupTestApp();

  it("tells a row that points at a deleted one (a report racing the listing's removal)", async () => {
    const buyer = await buildUser(t.app, { role: "buyer" });
    const err = await errorOf(
      t.app.db.insert(reports).values({ listingId: randomUUID(), reporterId: buyer.id, reason: "gone" }),
    );
    expect(isForeignKeyViolation(err)).toBe(true);
    expect(isUniqueViolation(err)).toBe(false);
  });

  it("tells a duplicate (an address registered a moment earlier)", async () => {
    const user = await buildUser(t.app);
    const err = await errorOf(
      t.app.db.insert(users).values({ name: "Again", email: user.email.toUpperCase(), role: "buyer" }),
    );
    expect(isUniqueViolation(err)).toBe(true);
    expect(isForeignKeyViolation(err)).toBe(false);
  });
});
