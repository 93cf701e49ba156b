import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { MSG } from "#shared/messages.ts";
import { TooManyRequests } from "../errors.ts";

/**
 * Rate limiting, off by default and applied per route. The counters live in process memory,
 * or in Redis when `REDIS_URL` is set so that every app node shares them.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { redisUrl: string | undefined }) => {
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) {
    // ioredis reconnects by itself; without a listener it prints every failed attempt as "Unhandled error event".
    redis.on("error", (err) => app.log.warn({ err }, "redis connection error (rate limits); reconnecting"));
    app.addHook("onClose", async () => void (await redis.quit()));
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: "motohaat-rl:" } : {}),
  });
});

/**
 * One counter as a hook. Built on `createRateLimit`, not `app.rateLimit`: the hooks `app.rateLimit`
 * returns share one "already ran" flag per request, so a route's second limit never counted.
 */
export function limiter(
  app: FastifyInstance,
  key: (request: FastifyRequest) => string,
): onRequestHookHandler {
  const { max, windowSeconds } = app.config.rateLimit;
  const check = app.createRateLimit({ max, timeWindow: windowSeconds * 1000, keyGenerator: key });
  return async (request, reply) => {
    const limit = await check(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header("retry-after", limit.ttlInSeconds);
    throw new TooManyRequests(`${MSG.auth.tooManyAttempts} (retry in ${limit.ttlInSeconds} s)`);
  };
}

/** Two limits for an auth form: per client IP (before the body is read) and per email address. */
export function authLimiters(
  app: FastifyInstance,
  name: string,
  emailOf: (request: FastifyRequest) => string,
) {
  return {
    perIp: limiter(app, (req) => `${name}:ip:${req.ip}`),
    perEmail: limiter(app, (req) => `${name}:email:${emailOf(req) || "-"}`),
  };
}
