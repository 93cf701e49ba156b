import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { prepared } from "#server/lib/prepared.ts";

// Named statements are PGlite's own path (a real server names them through node-postgres), so this
// opens an in-memory PGlite whichever database the rest of the run uses.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
});
afterAll(() => database.close());

function userById(db: Database["db"]) {
  return prepared(db, "test_user_by_id", (d, name) =>
    d
      .select({ id: users.id, name: users.name, createdAt: users.createdAt, verified: users.verified })
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(name),
  );
}

async function addUser(name: string): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({ name, email: `${name.toLowerCase()}@example.test`, role: "buyer" })
    .returning({ id: users.id });
  return row!.id;
}

describe("prepared reads on PGlite", () => {
  it("are parsed once under their name and answer what the unnamed query answers", async () => {
    const id = await addUser("Rahim");
    const named = await userById(database.db).execute({ id });
    const plain = await database.db
      .select({ id: users.id, name: users.name, createdAt: users.createdAt, verified: users.verified })
      .from(users)
      .where(eq(users.id, id));
    expect(named).toEqual(plain);
    expect(named[0]!.createdAt).toBeInstanceOf(Date);

    const statements = (await database.db.execute(
      sql`select name from pg_prepared_statements where name = 'test_user_by_id'`,
    )) as unknown as { rows: { name: string }[] };
    expect(statements.rows).toEqual([{ name: "test_user_by_id" }]);
    // Run again: the same statement, no second Parse (which would fail: the name exists).
    expect(await userById(database.db).execute({ id })).toEqual(plain);
  });

  it("reject a bad value and leave the database ready for the next query", async () => {
    await expect(userById(database.db).execute({ id: "not-a-uuid" })).rejects.toThrow();
    const id = await addUser("Karim");
    expect(await userById(database.db).execute({ id })).toMatchObject([{ id, name: "Karim" }]);
    expect(await userById(database.db).execute({ id: null })).toEqual([]);
  });

  it("refuse to run on a closed instance instead of hanging", async () => {
    const other = await openDatabase({ dataDir: "memory://" });
    const id = "00000000-0000-4000-8000-000000000000";
    expect(await userById(other.db).execute({ id })).toEqual([]);
    await other.close();
    // Drizzle wraps the driver's error: PGlite's own "PGlite is closed" is its cause.
    await expect(userById(other.db).execute({ id })).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/closed/) },
    });
  });

  it("wait for an open transaction and never mix with other queries' messages", async () => {
    const ids = await Promise.all(["Amin", "Bilkis", "Chandra"].map(addUser));
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let updated!: () => void;
    const inside = new Promise<void>((resolve) => {
      updated = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.update(users).set({ verified: true }).where(eq(users.id, ids[0]!));
      updated();
      await held;
    });
    await inside;
    // Issued while the transaction is open: it must see the committed row, not block it or run inside it.
    const during = userById(database.db).execute({ id: ids[0]! });
    const others = Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? userById(database.db).execute({ id: ids[i % 3]! })
          : database.db
              .select({ name: users.name })
              .from(users)
              .where(eq(users.id, ids[i % 3]!)),
      ),
    );
    release();
    await transaction;
    expect(await during).toMatchObject([{ id: ids[0], verified: true }]);
    const answers = await others;
    answers.forEach((rows, i) => {
      expect(rows).toHaveLength(1);
      expect(rows[0]!.name).toBe(["Amin", "Bilkis", "Chandra"][i % 3]);
    });
  });
});
