import { createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "#server/db/client.ts";
import { images, sessions, users } from "#server/db/schema.ts";
import { Forbidden, MfaEnrolmentRequired, Unauthorized } from "#server/errors.ts";
import type { StoredImage } from "#server/images/store.ts";
import { maskIp } from "#server/lib/mask-ip.ts";
import { MSG } from "#shared/messages.ts";
import type { Role } from "#shared/schemas/auth.ts";

export const SESSION_COOKIE = "mh_session";
/**
 * The name over https: a `__Host-` cookie is Secure, Path=/ and has no Domain, so no subdomain or
 * plain-http page can set or shadow it (decision 008). Plain http (development) cannot use the prefix.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
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
export type SessionClient = { userAgent: string | null; ip: string | null };

/** The browser and the masked address of the request that signs in. */
export function sessionClient(request: FastifyRequest): SessionClient {
  return {
    userAgent: request.headers["user-agent"]?.slice(0, USER_AGENT_MAX) ?? null,
    ip: maskIp(request.ip),
  };
}

export type AuthUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  verified: boolean;
  /** Signs in with a second factor (TOTP). */
  mfaEnabled: boolean;
  /** False for a Google-only account. */
  hasPassword: boolean;
  photo: StoredImage | null;
};

/** Who may call a route. Every /api route must say; the app refuses to start otherwise. */
export type Access = "public" | "signedIn" | readonly Role[];

declare module "fastify" {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
    /**
     * The signed-in person may use admin rights in this session: an admin whose session proved the
     * second factor, or who has none and is not required to (decision 009). Code checks this, not role.
     */
    adminRights: boolean;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Webhooks are called by a provider, not the browser: no Origin to check. */
    crossOrigin?: boolean;
  }
}

export function hashToken(secret: string, token: string): string {
  return createHmac("sha256", secret).update(token).digest("base64url");
}

export async function createSession(
  db: Db,
  secret: string,
  userId: string,
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

type LoadedSession = { user: AuthUser; createdAt: Date; lastSeenAt: Date; mfaVerified: boolean };

/** The session's user, unless the session is idle too long or older than its absolute lifetime. */
async function loadSession(db: Db, id: string): Promise<LoadedSession | null> {
  const now = Date.now();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      verified: users.verified,
      totpEnabledAt: users.totpEnabledAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      mfaVerifiedAt: sessions.mfaVerifiedAt,
      photoKey: images.key,
      photoWidth: images.width,
      photoHeight: images.height,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(images, eq(images.key, users.photoKey))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.createdAt, new Date(now - SESSION_ABSOLUTE_MS)),
      ),
    )
    .limit(1);
  const r = rows[0];
  if (!r) return null;
  return {
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    mfaVerified: r.mfaVerifiedAt !== null,
    user: {
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      verified: r.verified,
      mfaEnabled: r.totpEnabledAt !== null,
      hasPassword: r.hasPassword,
      photo: r.photoKey ? { key: r.photoKey, width: r.photoWidth ?? 0, height: r.photoHeight ?? 0 } : null,
    },
  };
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  const now = Date.now();
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, new Date(now)), lt(sessions.createdAt, new Date(now - SESSION_ABSOLUTE_MS))),
    );
}

function checkAccess(access: Access, request: FastifyRequest): void {
  if (access === "public") return;
  if (!request.user) throw new Unauthorized(MSG.auth.notSignedIn);
  if (access === "signedIn") return;
  if (!access.includes(request.user.role)) throw new Forbidden(MSG.auth.forbidden);
  if (request.user.role !== "admin" || request.adminRights) return;
  // Before any admin API works, an admin who must have a second factor enrols (on their profile).
  if (!request.user.mfaEnabled) throw new MfaEnrolmentRequired(MSG.mfa.enrolmentRequired);
  // A session from before the factor was on (or before sessions recorded it) did not prove it.
  throw new Forbidden(MSG.mfa.sessionNotVerified);
}

/** Admin rights need the second factor proved in this session, when the account has one or must. */
function hasAdminRights(session: LoadedSession, requireAdminMfa: boolean): boolean {
  if (session.user.role !== "admin") return false;
  return session.mfaVerified || (!session.user.mfaEnabled && !requireAdminMfa);
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      db: Db;
      secret: string;
      secureCookies: boolean;
      /** Accounts that may not be signed in (demo accounts in production): their sessions are ignored. */
      lockedEmails: ReadonlySet<string>;
    },
  ) => {
    app.decorateRequest("user", null);
    app.decorateRequest("sessionId", null);
    app.decorateRequest("adminRights", false);

    app.addHook("onRoute", (route) => {
      if (route.url.startsWith("/api/") && route.config?.access === undefined) {
        throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
      }
    });

    app.addHook("onRequest", async (request, reply) => {
      const token = request.cookies[sessionCookieName(opts.secureCookies)];
      if (token) {
        const id = hashToken(opts.secret, token);
        const session = await loadSession(opts.db, id);
        if (session && !opts.lockedEmails.has(session.user.email.toLowerCase())) {
          request.user = session.user;
          request.sessionId = id;
          request.adminRights = hasAdminRights(session, request.server.config.requireAdminMfa);
          const now = Date.now();
          if (now - session.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
            const expiresAt = new Date(
              Math.min(now + SESSION_IDLE_MS, session.createdAt.getTime() + SESSION_ABSOLUTE_MS),
            );
            await opts.db
              .update(sessions)
              .set({ expiresAt, lastSeenAt: new Date(now) })
              .where(eq(sessions.id, id));
            setSessionCookie(reply, { token, expiresAt }, opts.secureCookies);
          }
        } else {
          clearSessionCookie(reply, opts.secureCookies);
        }
      }
      const access = request.routeOptions.config?.access;
      if (access !== undefined) checkAccess(access, request);
    });
  },
  { name: "auth", dependencies: ["@fastify/cookie"] },
);
