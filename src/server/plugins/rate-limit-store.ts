import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

type Count = { current: number; ttl: number };
type Done = (error: Error | null, result?: Count) => void;

/** After a failed Redis command, counters stay in memory this long before Redis is tried again. */
const REDIS_RETRY_MS = 5000;

/**
 * Fixed-window counters in this process. The least recently used keys are dropped past `capacity`,
 * so memory stays bounded; it is large so that spraying keys cannot cheaply reset someone's count.
 */
class MemoryCounters {
  private readonly windows = new Map<string, { current: number; resetAt: number }>();
  constructor(private readonly capacity = 100_000) {}

  incr(key: string, windowMs: number): Count {
    const now = Date.now();
    const alive = this.windows.get(key);
    const w = alive && alive.resetAt > now ? alive : { current: 0, resetAt: now + windowMs };
    w.current++;
    // Re-inserted at the end: the Map's order is the least-recently-used order.
    this.windows.delete(key);
    this.windows.set(key, w);
    if (this.windows.size > this.capacity) this.windows.delete(this.windows.keys().next().value!);
    return { current: w.current, ttl: w.resetAt - now };
  }

  /** Gives one back, in the current window only. */
  decr(key: string): Count {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return { current: 0, ttl: 0 };
    w.current = Math.max(0, w.current - 1);
    return { current: w.current, ttl: w.resetAt - now };
  }

  read(key: string): Count {
    const now = Date.now();
    const w = this.windows.get(key);
    return w && w.resetAt > now ? { current: w.current, ttl: w.resetAt - now } : { current: 0, ttl: 0 };
  }
}

const INCR = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

const DECR = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {0, 0} end
local current = redis.call('DECR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {current, ttl}`;

const READ = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}`;

type CountingRedis = Redis & {
  rlIncr(key: string, windowMs: number): Promise<[number, number]>;
  rlRead(key: string): Promise<[number, number]>;
  rlDecr(key: string): Promise<[number, number]>;
};

/**
 * Counters in Redis, shared by every app node, with this process's memory as the stand-in while
 * Redis cannot be reached (decision 007): a request never waits on a dead Redis, and the limits
 * still hold, per node, until it is back. The switch each way is logged once.
 */
export class FailoverCounters {
  private readonly memory = new MemoryCounters();
  private readonly redis: CountingRedis | undefined;
  private downUntil = 0;
  private down = false;

  constructor(
    redis: Redis | undefined,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!redis) return;
    redis.defineCommand("rlIncr", { numberOfKeys: 1, lua: INCR });
    redis.defineCommand("rlRead", { numberOfKeys: 1, lua: READ });
    redis.defineCommand("rlDecr", { numberOfKeys: 1, lua: DECR });
    this.redis = redis as CountingRedis;
    redis.on("error", (err) => this.failed(err));
    redis.on("ready", () => this.recovered());
  }

  /** Counting in Redis (shared by every node) right now, rather than in this process's memory. */
  get shared(): boolean {
    return this.redis?.status === "ready" && !this.down && Date.now() >= this.downUntil;
  }

  incr(key: string, windowMs: number): Promise<Count> {
    return this.viaRedis(
      (redis) => redis.rlIncr(this.prefix + key, windowMs),
      () => this.memory.incr(key, windowMs),
    );
  }

  decr(key: string): Promise<Count> {
    return this.viaRedis(
      (redis) => redis.rlDecr(this.prefix + key),
      () => this.memory.decr(key),
    );
  }

  read(key: string): Promise<Count> {
    return this.viaRedis(
      (redis) => redis.rlRead(this.prefix + key),
      () => this.memory.read(key),
    );
  }

  private async viaRedis(
    command: (redis: CountingRedis) => Promise<[number, number]>,
    fallback: () => Count,
  ): Promise<Count> {
    const redis = this.redis;
    if (!redis) return fallback();
    if (redis.status !== "ready" || Date.now() < this.downUntil) return this.standIn(fallback);
    try {
      const [current, ttl] = await command(redis);
      this.recovered();
      return { current, ttl };
    } catch (err) {
      this.failed(err as Error);
      return fallback();
    }
  }

  private standIn(fallback: () => Count): Count {
    if (!this.down) this.failed(new Error(`Redis connection is ${this.redis?.status}`));
    return fallback();
  }

  private failed(err: Error) {
    this.downUntil = Date.now() + REDIS_RETRY_MS;
    if (this.down) return;
    this.down = true;
    this.log.error(
      { err },
      "rate limits: Redis cannot be reached; counting in this process's memory until it is back",
    );
  }

  private recovered() {
    this.downUntil = 0;
    if (!this.down) return;
    this.down = false;
    this.log.warn("rate limits: Redis is reachable again; counters are shared again");
  }
}

/** The store @fastify/rate-limit calls, over one set of counters (keys come from each limiter). */
export function storeOver(counters: FailoverCounters): FastifyRateLimitStoreCtor {
  const store: FastifyRateLimitStore & { read(key: string, done: Done): void } = {
    incr(key, done, timeWindow) {
      counters.incr(key, timeWindow).then((count) => done(null, count), done);
    },
    read(key, done) {
      counters.read(key).then((count) => done(null, count), done);
    },
    child: () => store,
  };
  return class {
    constructor() {
      // biome-ignore lint/correctness/noConstructorReturn: the plugin wants a class; every instance is the one store.
      return store;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
