import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database, Db } from "#server/db/client.ts";
import { openDatabase } from "#server/db/client.ts";
import { passwordResetTokens, sessions } from "#server/db/schema.ts";
import {
  createTestApp,
  freshPostgresUrl,
  openTestDatabase,
  setupTestApp,
  testDbKind,
} from "#server/test/app.ts";
import { STRONG_PASSWORD, uniqueEmail } from "#server/test/factories.ts";
import { createUser } from "./service.ts";
import { SESSION_ABSOLUTE_MS } from "./sessions.ts";
import { SWEEP_LOCK, sweepExpired } from "./sweeper.ts";

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** A user with one session and one reset link per case: expired by idle time, by age, or live. */
async function seed(db: Db) {
  const userId = await createUser(db, {
    name: "Sweep Test",
    email: uniqueEmail("sweep"),
    role: "buyer",
    password: STRONG_PASSWORD,
  });
  const now = Date.now();
  const id = () => randomBytes(16).toString("base64url");
  const session = async (createdAt: number, expiresAt: number) => {
    const sessionId = id();
    await db.insert(sessions).values({
      id: sessionId,
      userId,
      createdAt: new Date(createdAt),
      lastSeenAt: new Date(createdAt),
      expiresAt: new Date(expiresAt),
    });
    return sessionId;
  };
  const resetToken = async (expiresAt: number) => {
    const tokenId = id();
    await db.insert(passwordResetTokens).values({ id: tokenId, userId, expiresAt: new Date(expiresAt) });
    return tokenId;
  };
  return {
    idleSession: await session(now - 8 * DAY, now - MINUTE),
    oldSession: await session(now - SESSION_ABSOLUTE_MS - MINUTE, now + DAY),
    liveSession: await session(now - DAY, now + 6 * DAY),
    expiredToken: await resetToken(now - MINUTE),
    liveToken: await resetToken(now + 59 * MINUTE),
  };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

async function sessionExists(db: Db, id: string) {
  return (await db.select().from(sessions).where(eq(sessions.id, id))).length === 1;
}

async function tokenExists(db: Db, id: string) {
  return (await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, id))).length === 1;
}

async function expectSwept(db: Db, rows: Seeded) {
  expect(await sessionExists(db, rows.idleSession)).toBe(false);
  expect(await sessionExists(db, rows.oldSession)).toBe(false);
  expect(await sessionExists(db, rows.liveSession)).toBe(true);
  expect(await tokenExists(db, rows.expiredToken)).toBe(false);
  expect(await tokenExists(db, rows.liveToken)).toBe(true);
}

describe("sweeping expired sessions and reset links", () => {
  const t = setupTestApp();

  it("deletes idle-expired and too-old sessions and expired reset links, and keeps live ones", async () => {
    const rows = await seed(t.app.db);
    expect(await sweepExpired(t.app.db)).toEqual({ sessions: 2, resetTokens: 1 });
    await expectSwept(t.app.db, rows);
    // Nothing left to sweep: a second round deletes nothing.
    expect(await sweepExpired(t.app.db)).toEqual({ sessions: 0, resetTokens: 0 });
  });

  it("runs when the app starts, with no request needed", async () => {
    let rows: Seeded | undefined;
    // Rows already in the database when the app starts, as after a restart.
    const started = await createTestApp({}, {}, async () => {
      const database = await openTestDatabase();
      rows = await seed(database.db);
      return database;
    });
    try {
      await expect
        .poll(() => sessionExists(started.app.db, rows!.idleSession), { timeout: 10_000 })
        .toBe(false);
      await expect
        .poll(() => tokenExists(started.app.db, rows!.expiredToken), { timeout: 10_000 })
        .toBe(false);
      await expectSwept(started.app.db, rows!);
    } finally {
      await started.close();
    }
  });
});

// Several nodes share one PostgreSQL server; PGlite is one process's own database. Not registered
// at all on PGlite (CI refuses skipped tests).
if (testDbKind === "postgres") {
  describe("sweeping with several app nodes", () => {
    it("one node sweeps at a time: another skips the round while it holds the lock", async () => {
      const fresh = await freshPostgresUrl();
      const nodes: Database[] = [];
      try {
        nodes.push(await openDatabase({ url: fresh.url, dataDir: "" }));
        nodes.push(await openDatabase({ url: fresh.url, dataDir: "" }));
        const [first, second] = nodes.map((n) => n.db) as [Db, Db];
        const rows = await seed(first);

        // The first node is mid-sweep: it holds the lock until told to finish.
        let finish!: () => void;
        const finishing = new Promise<void>((resolve) => {
          finish = resolve;
        });
        let holding!: () => void;
        const held = new Promise<void>((resolve) => {
          holding = resolve;
        });
        const sweeping = first.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`);
          holding();
          await finishing;
        });
        await held;

        expect(await sweepExpired(second)).toBeNull();
        expect(await sessionExists(second, rows.idleSession)).toBe(true);
        expect(await tokenExists(second, rows.expiredToken)).toBe(true);

        finish();
        await sweeping;
        expect(await sweepExpired(second)).toEqual({ sessions: 2, resetTokens: 1 });
        await expectSwept(second, rows);
      } finally {
        await Promise.all(nodes.map((n) => n.close()));
        await fresh.drop();
      }
    });
  });
}
