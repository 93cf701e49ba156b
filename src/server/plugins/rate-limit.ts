import { createHmac } from "node:crypto";
import { isIPv6 } from "node:net";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { TooManyRequests } from "#server/errors.ts";
import { expandIpv6, unmapIpv4 } from "#server/lib/mask-ip.ts";
import { MSG } from "#shared/messages.ts";
import { codeOf } from "#shared/problem-codes.ts";
import { FailoverCounters, storeOver } from "./rate-limit-store.ts";

/** How long a rate-limit counter may wait on Redis before this process counts in memory instead. */
const REDIS_TIMEOUT_MS = 500;

/**
 * Rate limiting, off by default and applied per route. The counters live in process memory,
 * or in Redis when `REDIS_URL` is set so that every app node shares them; while Redis cannot be
 * reached they fall back to memory (decision 007).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { redisUrl: string | undefined }) => {
  // No offline queue and no retries: a command to a Redis that is not there fails at once, and one
  // that hangs gives up after REDIS_TIMEOUT_MS; ioredis keeps reconnecting in the background.
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, {
        connectTimeout: REDIS_TIMEOUT_MS,
        commandTimeout: REDIS_TIMEOUT_MS,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
      })
    : undefined;
  const counters = new FailoverCounters(redis, "motohaat-rl:", app.log);
  if (redis) {
    app.addHook("onClose", async () => void (await redis.quit().catch(() => redis.disconnect())));
    await connected(redis);
  }
  app.decorate("rateLimitCounters", counters);
  // The readiness check asks Redis itself (the counters fall back to memory and would not tell).
  app.decorate("pingRedis", redis ? async () => void (await redis.ping()) : null);
  await app.register(rateLimit, { global: false, store: storeOver(counters) });
});

declare module "fastify" {
  interface FastifyInstance {
    /** The counters behind every limit, for a throttle that must also give a try back. */
    rateLimitCounters: FailoverCounters;
    /** Resolves when Redis answers; null without REDIS_URL. */
    pingRedis: (() => Promise<void>) | null;
  }
}

/**
 * The client a per-address limit counts: the IPv4 address, or the /64 network of an IPv6 one (a
 * single subscriber usually holds a whole /64, 2^64 addresses, so counting each alone limits
 * nothing). An IPv4-mapped IPv6 address counts as the IPv4 address.
 */
export function clientOf(request: FastifyRequest): string {
  const ip = unmapIpv4(request.ip);
  if (!isIPv6(ip)) return ip;
  return `${expandIpv6(ip).slice(0, 4).join(":")}::/64`;
}

/**
 * An email address as it appears in a counter's key: an HMAC (SESSION_SECRET), so that the
 * addresses people typed do not sit in Redis in clear.
 */
export function emailKey(app: FastifyInstance, email: string): string {
  return createHmac("sha256", app.config.sessionSecret).update(`rate-limit:${email}`).digest("base64url");
}

/** Until the first connection succeeds or fails (bounded), so that the first requests can use it. */
function connected(redis: Redis): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done).off("error", done);
      resolve();
    };
    const timer = setTimeout(done, REDIS_TIMEOUT_MS * 2);
    redis.once("ready", done).once("error", done);
  });
}

type Limits = { max: number; windowSeconds: number };

/** Every hook `limiter` made: a route holding one answers 429, and the OpenAPI document says so. */
const limiterHooks = new WeakSet<object>();

/** Whether `hook` is a rate limit made by `limiter` (or the helpers built on it). */
export function isRateLimit(hook: unknown): boolean {
  return typeof hook === "function" && limiterHooks.has(hook);
}

/**
 * One counter as a hook: each call counts one and refuses with 429 problem+json and Retry-After
 * past `limits.max` in the window (default: the sign-in limits). Reusable for any form worth
 * guarding, such as a sign-in's second step. Built on `createRateLimit`, not `app.rateLimit`: the
 * hooks `app.rateLimit` returns share one "already ran" flag per request, so a route's second limit
 * never counted.
 */
export function limiter(
  app: FastifyInstance,
  key: (request: FastifyRequest) => string,
  limits: Limits = app.config.rateLimit,
  message: string = MSG.auth.tooManyAttempts,
): onRequestHookHandler {
  const check = app.createRateLimit({
    max: limits.max,
    timeWindow: limits.windowSeconds * 1000,
    keyGenerator: key,
  });
  const hook: onRequestHookHandler = async (request, reply) => {
    const limit = await check(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    throw tooMany(reply, message, limit.ttlInSeconds);
  };
  limiterHooks.add(hook);
  return hook;
}

/** The 429 to throw, with its Retry-After header set; its code is its message's (the wait aside). */
export function tooMany(reply: FastifyReply, message: string, retryAfterSeconds: number): TooManyRequests {
  reply.header("retry-after", retryAfterSeconds);
  return new TooManyRequests(`${message} (retry in ${retryAfterSeconds} s)`, codeOf(message));
}

/** Uploads (each runs the image pipeline) per signed-in account: `RATE_LIMIT_UPLOAD_*`. */
export function uploadLimiter(app: FastifyInstance, name: string): onRequestHookHandler {
  return limiter(
    app,
    (req) => `${name}:user:${req.user?.id ?? clientOf(req)}`,
    app.config.uploadRateLimit,
    MSG.image.tooManyUploads,
  );
}

/** Two limits for an auth form: per client IP (before the body is read) and per email address. */
export function authLimiters(
  app: FastifyInstance,
  name: string,
  emailOf: (request: FastifyRequest) => string,
) {
  return {
    perIp: limiter(app, (req) => `${name}:ip:${clientOf(req)}`),
    perEmail: limiter(app, (req) => `${name}:email:${emailKey(app, emailOf(req))}`),
  };
}
