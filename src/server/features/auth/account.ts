import { hash, verify } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import UAParser from "ua-parser-js";
import type { Db } from "#server/db/client.ts";
import { passwordResetTokens, sessions, users } from "#server/db/schema.ts";
import { BadRequest, NotFound, Unauthorized } from "#server/errors.ts";
import { liveAccount, lockLiveAccount } from "#server/features/people/accounts.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { MSG } from "#shared/messages.ts";
import type { Device } from "#shared/schemas/account.ts";
import { endSessions, hashToken, liveSession } from "./sessions.ts";

/**
 * Sets a new password for a signed-in person who proves the current one, and ends every other
 * session of theirs (a thief's among them); the one making the change stays signed in.
 */
export async function changePassword(
  db: Db,
  userId: string,
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), liveAccount()))
    .limit(1);
  if (!user) throw new Unauthorized(MSG.auth.notSignedIn);
  // Google-only: there is no current password to prove; "Forgot password?" sets a first one by email.
  if (!user?.passwordHash) throw new BadRequest(MSG.account.noPassword);
  if (!(await verify(user.passwordHash, input.currentPassword))) {
    throw new BadRequest(MSG.account.currentPasswordWrong, {
      currentPassword: MSG.account.currentPasswordWrong,
    });
  }
  // Hashed before the transaction: argon2 is slow on purpose, and a transaction should not wait for it.
  const passwordHash = await hash(input.newPassword);
  await db.transaction(async (tx) => {
    // Deleted while the password was hashed: a deleted row must never get a password back (401).
    await lockLiveAccount(tx, userId);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await endSessions(tx, userId, currentSessionId);
    // A reset link asked for before the change would undo it.
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  });
}

/**
 * What the device list calls a session: an HMAC of its stored id. The stored id is itself the HMAC
 * of the cookie's token, so it must not travel (decision 001); this one cannot be turned back into it.
 */
function publicSessionId(secret: string, sessionId: string): string {
  return hashToken(secret, `device:${sessionId}`).slice(0, 22);
}

function nameAndVersion(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  return version ? `${name} ${version}` : name;
}

async function liveSessions(db: Db, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), liveSession(Date.now())));
}

/** The person's live sessions, most recently used first, with the one making the request marked. */
export async function listDevices(
  db: Db,
  secret: string,
  userId: string,
  currentSessionId: string,
): Promise<Device[]> {
  const rows = await liveSessions(db, userId);
  return rows
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())
    .map((row) => {
      const ua = new UAParser(row.userAgent ?? "").getResult();
      return {
        id: publicSessionId(secret, row.id),
        browser: nameAndVersion(ua.browser.name, ua.browser.major),
        os: nameAndVersion(ua.os.name, ua.os.version),
        ip: row.ip,
        signedInAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === currentSessionId,
      };
    });
}

/**
 * Ends one of the person's own sessions, named by its public id; another person's id, an ended
 * session's or a made-up one is the same 404. Returns the stored id of the session that ended.
 */
export async function endSession(db: Db, secret: string, userId: string, publicId: string): Promise<string> {
  const rows = await liveSessions(db, userId);
  const row = rows.find((r) => publicSessionId(secret, r.id) === publicId);
  if (!row) throw new NotFound(MSG.account.sessionNotFound);
  await db.delete(sessions).where(and(eq(sessions.id, row.id), eq(sessions.userId, userId)));
  return row.id;
}

/**
 * Saves a signed-in person's language with their account: it follows them to every device they sign
 * in on (src/server/lib/i18n.ts reads it before the device's cookie or browser).
 */
export async function saveLanguage(db: Db, userId: string, language: Locale): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLiveAccount(tx, userId);
    await tx.update(users).set({ language }).where(eq(users.id, userId));
  });
}
