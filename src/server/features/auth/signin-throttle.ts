import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clientOf, emailKey, limiter, tooMany } from "#server/plugins/rate-limit.ts";
import { MSG } from "#shared/messages.ts";
import { hashToken, sessionCookieName, sessionEmail } from "./sessions.ts";

/** Marks a browser that has signed in to an account before (OWASP's "device cookie"). */
export const DEVICE_COOKIE = "mh_device";
/**
 * Its name over https: a `__Secure-` cookie can only be set by a secure page, so a plain-http page
 * on the same host cannot plant one (`__Host-` would need Path=/; this one stays on /api/auth).
 */
export const SECURE_DEVICE_COOKIE = `__Secure-${DEVICE_COOKIE}`;
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

function deviceCookieName(secure: boolean): string {
  return secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
}

const normalEmail = (email: string) => email.trim().toLowerCase();

/** Signing, reading and issuing device cookies: the MAC binds the id to one email address. */
function deviceCookies(app: FastifyInstance) {
  const { sessionSecret: secret, secureCookies: secure } = app.config;
  const name = deviceCookieName(secure);
  const sign = (deviceId: string, email: string) =>
    createHmac("sha256", secret).update(`device:${deviceId}:${email}`).digest("base64url");

  /** The device id of a valid device cookie for this email, if the request has one. */
  function deviceOf(request: FastifyRequest, email: string): string | undefined {
    const [id, mac] = (request.cookies[name] ?? "").split(".");
    if (!id || !mac) return undefined;
    const expected = Buffer.from(sign(id, email));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  /** The token of the session cookie this reply sets, if it creates a session. */
  function sessionTokenSet(reply: FastifyReply): string | undefined {
    const header = reply.getHeader("set-cookie");
    const lines = Array.isArray(header) ? header : typeof header === "string" ? [header] : [];
    const prefix = `${sessionCookieName(secure)}=`;
    const line = lines.find((l) => l.startsWith(prefix));
    const token = line?.slice(prefix.length).split(";")[0];
    return token || undefined;
  }

  /**
   * An onSend hook: a reply that creates a session marks the browser as known for that account (a
   * password alone, waiting for its second factor, does not). It reads the session cookie the reply
   * sets, so it needs nothing from the route but to be listed.
   */
  async function issueOnSession(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const token = reply.statusCode < 300 ? sessionTokenSet(reply) : undefined;
    if (!token) return payload;
    const signedIn = await sessionEmail(app.db, hashToken(secret, token));
    if (!signedIn) return payload;
    const email = normalEmail(signedIn);
    const id = deviceOf(request, email) ?? randomBytes(16).toString("base64url");
    reply.setCookie(name, `${id}.${sign(id, email)}`, {
      path: "/api/auth",
      httpOnly: true,
      sameSite: "strict",
      secure,
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
    return payload;
  }

  return { deviceOf, issueOnSession };
}

/** For a route that creates a session after sign-in's first step (the code step, say): list it as its onSend. */
export function issueDeviceCookie(app: FastifyInstance) {
  return deviceCookies(app).issueOnSession;
}

/**
 * Failed sign-ins slow down per IP and per account without letting a stranger lock the owner out
 * (decision 010):
 * - every attempt counts per IP (`RATE_LIMIT_AUTH_*`), whatever the account;
 * - a browser holding a device cookie for the account (a session was created there before) has its
 *   own budget of failures and ignores the account's;
 * - any other client's failures count per account; past the limit, each address gets one more
 *   try per window on that account (the owner on a new device still gets in; a botnet gets one
 *   guess per address, not ten).
 * Each try is counted before the password is checked, so parallel requests cannot all read the
 * same count; a correct password gives its try back: only failures stay counted.
 */
export function signinThrottle(app: FastifyInstance, emailOf: (request: FastifyRequest) => string) {
  const { max, windowSeconds } = app.config.rateLimit;
  const windowMs = windowSeconds * 1000;
  const counters = app.rateLimitCounters;
  const devices = deviceCookies(app);
  /** The counters this request's try was counted in, to give back if the password was right. */
  const counted = new WeakMap<FastifyRequest, string[]>();

  /** Counts one try; true while within `limit`. */
  async function within(key: string, limit: number) {
    const count = await counters.incr(key, windowMs);
    return { ok: count.current <= limit, retryAfterSeconds: Math.max(1, Math.ceil(count.ttl / 1000)) };
  }

  return {
    perIp: limiter(app, (req) => `signin:ip:${clientOf(req)}`),

    /** Before the password is checked (preHandler: the body is parsed). */
    async perAccount(request: FastifyRequest, reply: FastifyReply) {
      const email = normalEmail(emailOf(request));
      const id = devices.deviceOf(request, email);
      if (id) {
        const key = `signin:fail:device:${id}`;
        if ((await within(key, max)).ok) return void counted.set(request, [key]);
      }
      const account = `signin:fail:${emailKey(app, email)}`;
      if ((await within(account, max)).ok) return void counted.set(request, [account]);
      const fromIp = `${account}:ip:${clientOf(request)}`;
      const one = await within(fromIp, 1);
      if (!one.ok) throw tooMany(reply, MSG.signin.tooManyFailures, one.retryAfterSeconds);
      counted.set(request, [account, fromIp]);
    },

    /** After the answer is decided (onSend): a correct password gives its try back; a session marks the device. */
    async recordOutcome(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const keys = counted.get(request);
      if (keys && reply.statusCode >= 200 && reply.statusCode < 300) {
        await Promise.all(keys.map((key) => counters.decr(key)));
      }
      return devices.issueOnSession(request, reply, payload);
    },
  };
}
