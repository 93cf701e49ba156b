import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MSG } from "#shared/messages.ts";
import { limiter, tooMany } from "../../plugins/rate-limit.ts";

/** Marks a browser that has signed in to an account before (OWASP's "device cookie"). */
export const DEVICE_COOKIE = "mh_device";
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

type Counter = ReturnType<FastifyInstance["createRateLimit"]>;
type Outcome = Awaited<ReturnType<Counter>>;

/** Whether a counter read without counting has reached its limit. */
const spent = (limit: Outcome): limit is Extract<Outcome, { isAllowed: false }> =>
  !limit.isAllowed && limit.remaining === 0;

/**
 * Failed sign-ins slow down per IP and per account without letting a stranger lock the owner out
 * (decision 010):
 * - every attempt counts per IP (`RATE_LIMIT_AUTH_*`), whatever the account;
 * - a browser holding a device cookie for the account (it signed in there before) has its own
 *   budget of failures and ignores the account's;
 * - any other client's failures count per account; past the limit, each address gets one more
 *   try per window on that account (the owner on a new device still gets in; a botnet gets one
 *   guess per address, not ten).
 * Only failures count for the account: a stranger's correct-password sign-ins do not exist, and
 * the owner's successes never lock anyone.
 */
export function signinThrottle(app: FastifyInstance, emailOf: (request: FastifyRequest) => string) {
  const { max, windowSeconds } = app.config.rateLimit;
  const secret = app.config.sessionSecret;
  const secure = app.config.secureCookies;
  /** The device trusted for this request's account, decided before the password is checked. */
  const trustedDevice = new WeakMap<FastifyRequest, string>();
  const counter = (limit: number, key: (request: FastifyRequest) => string): Counter =>
    app.createRateLimit({ max: limit, timeWindow: windowSeconds * 1000, keyGenerator: key });
  const account = counter(max, (req) => `signin:fail:${emailOf(req)}`);
  const accountFromIp = counter(1, (req) => `signin:fail:${emailOf(req)}:ip:${req.ip}`);
  const device = counter(max, (req) => `signin:fail:device:${trustedDevice.get(req)}`);

  const sign = (deviceId: string, email: string) =>
    createHmac("sha256", secret).update(`device:${deviceId}:${email}`).digest("base64url");

  /** The device id of a valid device cookie for this email, if the request has one. */
  function deviceOf(request: FastifyRequest): string | undefined {
    const [id, mac] = (request.cookies[DEVICE_COOKIE] ?? "").split(".");
    if (!id || !mac) return undefined;
    const expected = Buffer.from(sign(id, emailOf(request)));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  return {
    perIp: limiter(app, (req) => `signin:ip:${req.ip}`),

    /** Before the password is checked (preHandler: the body is parsed). */
    async perAccount(request: FastifyRequest, reply: FastifyReply) {
      const id = deviceOf(request);
      if (id) {
        trustedDevice.set(request, id);
        if (!spent(await device(request, { increment: false }))) return;
        trustedDevice.delete(request);
      }
      if (!spent(await account(request, { increment: false }))) return;
      const fromIp = await accountFromIp(request, { increment: false });
      if (spent(fromIp)) throw tooMany(reply, MSG.signin.tooManyFailures, fromIp.ttlInSeconds);
    },

    /** After the answer is decided (onSend): count a failure, or mark the browser as known. */
    async recordOutcome(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      if (reply.statusCode === 401) {
        if (trustedDevice.has(request)) await device(request);
        else await Promise.all([account(request), accountFromIp(request)]);
      } else if (reply.statusCode >= 200 && reply.statusCode < 300) {
        const id = trustedDevice.get(request) ?? randomBytes(16).toString("base64url");
        reply.setCookie(DEVICE_COOKIE, `${id}.${sign(id, emailOf(request))}`, {
          path: "/api/auth",
          httpOnly: true,
          sameSite: "strict",
          secure,
          maxAge: DEVICE_COOKIE_MAX_AGE_S,
        });
      }
      return payload;
    },
  };
}
