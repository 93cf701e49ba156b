import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "#server/db/client.ts";
import { Forbidden, MfaEnrolmentRequired, Unauthorized } from "#server/errors.ts";
import {
  clearSessionCookie,
  hashToken,
  type LoadedSession,
  loadSession,
  sessionCookieName,
  setSessionCookie,
  touchSession,
} from "#server/features/auth/sessions.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import { MSG } from "#shared/messages.ts";
import type { Role } from "#shared/schemas/auth.ts";

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
    /** The answer is the caller's own (their orders, an admin's lists): `cache-control: private, no-store` (plugins/security.ts). */
    noStore?: boolean;
    /** Webhooks are called by a provider, not the browser: no Origin to check. */
    crossOrigin?: boolean;
  }
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
          const expiresAt = await touchSession(opts.db, id, session);
          if (expiresAt) setSessionCookie(reply, { token, expiresAt }, opts.secureCookies);
        } else {
          clearSessionCookie(reply, opts.secureCookies);
        }
      }
      const access = request.routeOptions.config.access;
      if (access !== undefined) checkAccess(access, request);
    });
  },
  { name: "auth", dependencies: ["@fastify/cookie"] },
);
