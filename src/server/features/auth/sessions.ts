import { createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "#server/db/client.ts";
import { images, sessions, users } from "#server/db/schema.ts";
import { type AuthUser, liveAccount } from "#server/features/people/accounts.ts";
import { personPhotoJoin } from "#server/features/people/presenter.ts";
import { maskIp } from "#server/lib/mask-ip.ts";
import { prepared } from "#server/lib/prepared.ts";
import { authUserColumns, toAuthUser } from "./presenter.ts";

const SESSION_COOKIE = "mh_session";
/**
 * The name over https: a `__Host-` cookie is Secure, Path=/ and has no Domain, so no subdomain or
 * plain-http page can set or shadow it (decision 008). Plain http (development) cannot use the prefix.
 */
const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session unused this long ends (idle timeout, pushed forward as it is used). */
export const SESSION_IDLE_MS = 7 * DAY_MS;
/** A session ends this long after sign-in however much it is used (absolute lifetime). */
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** Sliding expiry and last-seen are written at most this often per session, not on every request. */
export const SESSION_TOUCH_MS = 60 * 60 * 1000;
/** Longer User-Agent headers are cut: they are only shown as browser and system. */
const USER_AGENT_MAX = 512;

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** Where a session was signed in from, for the person's list of devices. */
type SessionClient = { userAgent: string | null; ip: string | null };

/** The browser and the masked address of the request that signs in. */
export function sessionClient(request: FastifyRequest): SessionClient {
  return {
    userAgent: request.headers["user-agent"]?.slice(0, USER_AGENT_MAX) ?? null,
    ip: maskIp(request.ip),
  };
}

/** The stored form of a secret token (session, reset link): its HMAC, so a leaked table signs nobody in. */
export function hashToken(secret: string, token: string): string {
  return createHmac("sha256", secret).update(token).digest("base64url");
}

/** Sessions that may still sign someone in: within both the idle and the absolute lifetime. */
export function liveSession(now: number) {
  return and(
    gt(sessions.expiresAt, new Date(now)),
    gt(sessions.createdAt, new Date(now - SESSION_ABSOLUTE_MS)),
  );
}

export async function createSession(
  db: Db,
  secret: string,
  userId: string,
  // Stryker disable next-line ObjectLiteral: `{}` writes the same NULLs (undefined columns take their default).
  client: SessionClient = { userAgent: null, ip: null },
  /** The sign-in proved the second factor (the code step, or turning it on in this session). */
  opts: { mfaVerified?: boolean } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await db.insert(sessions).values({
    id: hashToken(secret, token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: client.userAgent,
    ip: client.ip,
    mfaVerifiedAt: opts.mfaVerified ? now : null,
  });
  return { token, expiresAt };
}

export function setSessionCookie(
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
  secure: boolean,
): void {
  reply.setCookie(sessionCookieName(secure), session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(sessionCookieName(secure), { path: "/", httpOnly: true, sameSite: "lax", secure });
}

export type LoadedSession = { user: AuthUser; createdAt: Date; lastSeenAt: Date; mfaVerified: boolean };

/** The session's user, unless the session is idle too long or older than its absolute lifetime. */
export async function loadSession(db: Db, id: string): Promise<LoadedSession | null> {
  // Every signed-in request runs this: one statement, prepared once (decision 018), read afresh each
  // time, so a session ended or an account changed counts from the next request on.
  const statement = prepared(db, "session_by_id", (d, name) =>
    d
      .select({
        ...authUserColumns,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        mfaVerifiedAt: sessions.mfaVerifiedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(images, personPhotoJoin())
      .where(
        and(
          eq(sessions.id, sql.placeholder("id")),
          gt(sessions.expiresAt, sql.placeholder("now")),
          gt(sessions.createdAt, sql.placeholder("signedInAfter")),
          // A sign-in that checked the password just before the account was deleted may still have
          // written its session: it signs nobody in.
          liveAccount(),
        ),
      )
      .limit(1)
      .prepare(name),
  );
  const now = Date.now();
  const rows = await statement.execute({
    id,
    now: new Date(now),
    signedInAfter: new Date(now - SESSION_ABSOLUTE_MS),
  });
  const r = rows[0];
  if (!r) return null;
  return {
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    mfaVerified: r.mfaVerifiedAt !== null,
    user: toAuthUser(r),
  };
}

/** The email of the account a session (by stored id) belongs to. */
export async function sessionEmail(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  // Stryker disable next-line OptionalChaining: its one caller asks for the session its own reply has just
  // created or touched, so the row is there; `?.` only guards a sign-out racing that reply.
  return row?.email;
}

/**
 * Pushes a session in use forward (idle expiry, last seen), at most once per SESSION_TOUCH_MS and
 * never past its absolute lifetime. Returns the new expiry for the cookie, or null when not yet due.
 */
export async function touchSession(db: Db, id: string, session: LoadedSession): Promise<Date | null> {
  const now = Date.now();
  if (now - session.lastSeenAt.getTime() <= SESSION_TOUCH_MS) return null;
  const expiresAt = new Date(
    Math.min(now + SESSION_IDLE_MS, session.createdAt.getTime() + SESSION_ABSOLUTE_MS),
  );
  await db
    .update(sessions)
    .set({ expiresAt, lastSeenAt: new Date(now) })
    .where(eq(sessions.id, id));
  return expiresAt;
}

/** Signing out: this session ends on the server. */
export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/**
 * Ends the person's sessions (a password or second factor changed, an account linked), all of them
 * or all but `keep` (the one making the change). Takes a transaction to end them with the change.
 * Returns how many ended.
 */
export async function endSessions(db: Pick<Db, "delete">, userId: string, keep?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep === undefined ? undefined : ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Deletes the sessions that can no longer sign anyone in (the sweeper runs it). Returns how many. */
export async function deleteExpiredSessions(db: Pick<Db, "delete">): Promise<number> {
  const now = Date.now();
  const deleted = await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, new Date(now)), lt(sessions.createdAt, new Date(now - SESSION_ABSOLUTE_MS))),
    )
    .returning({ id: sessions.id });
  return deleted.length;
}
