import { createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { MSG } from "#shared/messages.ts";
import type { Role } from "#shared/schemas/auth.ts";
import type { Db } from "../db/client.ts";
import { images, sessions, users } from "../db/schema.ts";
import { Forbidden, Unauthorized } from "../errors.ts";
import type { StoredImage } from "../images/store.ts";

export const SESSION_COOKIE = "mh_session";
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often per session, not on every request. */
const SESSION_TOUCH_MS = 60 * 60 * 1000;

export type AuthUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  verified: boolean;
  photo: StoredImage | null;
};

/** Who may call a route. Every /api route must say; the app refuses to start otherwise. */
export type Access = "public" | "signedIn" | readonly Role[];

declare module "fastify" {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
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
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: hashToken(secret, token), userId, expiresAt });
  return { token, expiresAt };
}

export function setSessionCookie(
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
  secure: boolean,
): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure });
}

async function loadSession(db: Db, id: string): Promise<{ user: AuthUser; expiresAt: Date } | null> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      verified: users.verified,
      expiresAt: sessions.expiresAt,
      photoKey: images.key,
      photoWidth: images.width,
      photoHeight: images.height,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(images, eq(images.key, users.photoKey))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const r = rows[0];
  if (!r) return null;
  return {
    expiresAt: r.expiresAt,
    user: {
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      verified: r.verified,
      photo: r.photoKey ? { key: r.photoKey, width: r.photoWidth ?? 0, height: r.photoHeight ?? 0 } : null,
    },
  };
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

function checkAccess(access: Access, request: FastifyRequest): void {
  if (access === "public") return;
  if (!request.user) throw new Unauthorized(MSG.auth.notSignedIn);
  if (access === "signedIn") return;
  if (!access.includes(request.user.role)) throw new Forbidden(MSG.auth.forbidden);
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; secret: string; secureCookies: boolean }) => {
    app.decorateRequest("user", null);
    app.decorateRequest("sessionId", null);

    app.addHook("onRoute", (route) => {
      if (
        route.url.startsWith("/api/") &&
        route.config?.access === undefined &&
        !route.url.startsWith("/api/docs")
      ) {
        throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
      }
    });

    app.addHook("onRequest", async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        const id = hashToken(opts.secret, token);
        const session = await loadSession(opts.db, id);
        if (session) {
          request.user = session.user;
          request.sessionId = id;
          const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
          if (expiresAt.getTime() - session.expiresAt.getTime() > SESSION_TOUCH_MS) {
            await opts.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
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
