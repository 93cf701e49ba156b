import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

/**
 * A setting that is a whole number within bounds, with a default; each refusal names the variable
 * and its unit (`BOOKING_HOLD_MINUTES must be a whole number of minutes`), `maxIs` saying what the
 * highest value amounts to.
 */
function wholeNumberSetting(
  name: string,
  unit: string,
  min: number,
  max: number,
  fallback: number,
  maxIs?: string,
) {
  const whole = `${name} must be a whole number of ${unit}`;
  return z.coerce
    .number({ error: whole })
    .int({ error: whole })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(max, { error: `${name} must be at most ${max}${maxIs ? ` (${maxIs})` : ""}` })
    .default(fallback);
}

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me-in-production";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("localhost"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
      .optional(),
    /** Unset: on, except with NODE_ENV=production. */
    SEED_DEMO: bool.optional(),
    ALLOW_DEMO_IN_PRODUCTION: bool.default(false),
    /** Unset: on with NODE_ENV=production, off otherwise (the demo admin signs in with its password). */
    REQUIRE_ADMIN_MFA: bool.optional(),
    /** Unset: on, except with NODE_ENV=production. */
    API_DOCS: bool.optional(),
    SESSION_SECRET: z.string().optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// URL")
      .optional(),
    /** `false`, a number of proxy hops (`true` is one), or the proxies' addresses and CIDRs. */
    TRUST_PROXY: z.string().default("false").transform(parseTrustProxy),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PAYMENT_PROVIDER: z.enum(["test", "stripe"]).default("test"),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(10),
    RATE_LIMIT_AUTH_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    RATE_LIMIT_UPLOAD_MAX: z.coerce.number().int().positive().default(120),
    RATE_LIMIT_UPLOAD_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
    /** Messages one person may send a minute, and conversations they may start an hour. */
    MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(20),
    CONVERSATIONS_PER_HOUR: z.coerce.number().int().positive().default(5),
    IMAGE_CLEANUP_GRACE_HOURS: z.coerce.number().positive().default(24),
    /** Where images are kept (decision 029): `disk` (DATA_DIR/images) or an S3-compatible bucket. */
    IMAGE_STORE: z.enum(["disk", "s3"], { error: "IMAGE_STORE must be disk or s3" }).default("disk"),
    S3_ENDPOINT: z
      .url({ error: "S3_ENDPOINT must be a URL, such as https://<account>.r2.cloudflarestorage.com" })
      .optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PUBLIC_URL: z
      .url({
        protocol: /^https?$/,
        error: "S3_PUBLIC_URL must be an http(s) URL, such as https://images.motohaat.example",
      })
      .optional(),
    /** How long an unpaid booking keeps its bike (decision 021): 48 hours unless set; 1 minute to 30 days. */
    BOOKING_HOLD_MINUTES: wholeNumberSetting("BOOKING_HOLD_MINUTES", "minutes", 1, 43_200, 2880, "30 days"),
    /** How often every node sweeps passed holds, hold reminders and due releases: a minute unless set. */
    SWEEP_INTERVAL_SECONDS: wholeNumberSetting("SWEEP_INTERVAL_SECONDS", "seconds", 1, 3600, 60, "an hour"),
    /** How long MotoHaat holds a card payment before it goes to the seller unasked (decision 028). */
    HANDOVER_RELEASE_DAYS: wholeNumberSetting("HANDOVER_RELEASE_DAYS", "days", 1, 60, 7),
    /** The platform's share of each card payment released to a seller, in per cent (two decimals). */
    PLATFORM_FEE_PERCENT: z.coerce
      .number({ error: "PLATFORM_FEE_PERCENT must be a number of per cent, such as 2.5" })
      .min(0, { error: "PLATFORM_FEE_PERCENT must be at least 0" })
      .max(50, { error: "PLATFORM_FEE_PERCENT must be at most 50" })
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
        error: "PLATFORM_FEE_PERCENT may have at most two decimals",
      })
      .default(0),
    OIDC_ISSUER: z.url().default("https://accounts.google.com"),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    WEB_DIST_DIR: z.string().min(1).default("dist/web"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(1).default("MotoHaat <no-reply@motohaat.test>"),
    /** The notification outbox's worker (decision 023): how often it looks, how often it tries, how long it waits. */
    OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().positive().default(60),
    OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).default(300),
  })
  .superRefine(
    (env, ctx) => {
      if (env.PAYMENT_PROVIDER === "stripe") {
        for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
          if (!env[key])
            ctx.addIssue({
              code: "custom",
              path: [key],
              message: `${key} is required when PAYMENT_PROVIDER=stripe`,
            });
        }
      }
      checkOidc(env, ctx);
      checkS3(env, ctx);
      if (env.NODE_ENV !== "production") return;
      if (env.SEED_DEMO && !env.ALLOW_DEMO_IN_PRODUCTION) {
        // The demo accounts' passwords are public (they are shown on /signin): never by accident.
        ctx.addIssue({
          code: "custom",
          path: ["SEED_DEMO"],
          message:
            "SEED_DEMO=true in production publishes the demo accounts' passwords; also set ALLOW_DEMO_IN_PRODUCTION=true if that is really wanted",
        });
      }
      if (!env.SMTP_URL) {
        // Without mail nobody can reset a forgotten password; the dev outbox is no place for real users' links.
        ctx.addIssue({
          code: "custom",
          path: ["SMTP_URL"],
          message:
            "SMTP_URL is required in production (password reset emails), e.g. smtp://user:pass@host:587",
        });
      }
      if (!env.SESSION_SECRET) {
        ctx.addIssue({
          code: "custom",
          path: ["SESSION_SECRET"],
          message: "SESSION_SECRET is required in production (32+ random characters)",
        });
      } else if (env.SESSION_SECRET.length < 32 || env.SESSION_SECRET === DEV_SESSION_SECRET) {
        ctx.addIssue({
          code: "custom",
          path: ["SESSION_SECRET"],
          message: "SESSION_SECRET must be at least 32 random characters and not the development default",
        });
      }
    },
    // Also when other variables are invalid, so that one start reports every problem.
    { when: () => true },
  );

/** An S3-compatible bucket, as `S3_*` configure it. */
export type S3Settings = {
  /** Unset: AWS S3 itself; set for R2, MinIO, B2 and the like (addressed by path, `endpoint/bucket/key`). */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Unset: the SDK's own credential chain (an instance role, `AWS_*` variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/** How card money held by MotoHaat reaches the seller (decision 028). */
export type MoneyRules = {
  /** Days from payment after which held money goes to the seller's balance unless disputed. */
  handoverReleaseDays: number;
  /** The platform's fee in hundredths of a per cent (250 = 2.5 %). */
  feeBasisPoints: number;
};

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  publicUrl: URL;
  /** PUBLIC_URL was given: only its origin may send mutations (not whatever the Host header says). */
  publicUrlConfigured: boolean;
  dataDir: string;
  /** The `disk` image store's folder (DATA_DIR/images); also what `images:copy-to-s3` reads. */
  imageDir: string;
  /** Where images are kept (decision 029). */
  imageStore: { driver: "disk" } | { driver: "s3"; s3: S3Settings };
  /**
   * Where browsers fetch images from, ending in `/`: the nodes' `/images/`, or S3_PUBLIC_URL (a CDN
   * or the bucket's public address in front of the same files).
   */
  imageUrlBase: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  /** Admins must have a second factor (TOTP) before any admin page or API works. */
  requireAdminMfa: boolean;
  /** Serve the OpenAPI documentation at /api/docs. */
  apiDocs: boolean;
  sessionSecret: string;
  secureCookies: boolean;
  redisUrl: string | undefined;
  /**
   * Which X-Forwarded-For entries to believe (Fastify's `trustProxy`): none, the last N hops, or
   * those added by these proxies. Never `true`: that takes the left-most entry, which the client writes.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  rateLimit: { max: number; windowSeconds: number };
  /** Per account: listing creations and profile changes (each runs the image pipeline). */
  uploadRateLimit: { max: number; windowSeconds: number };
  /** Per account: messages sent (a minute), and conversations started (an hour). */
  messageRateLimit: { max: number; windowSeconds: number };
  conversationRateLimit: { max: number; windowSeconds: number };
  /** Images no listing or user refers to are deleted once older than this. */
  imageCleanupGraceMs: number;
  /** How long an unpaid booking holds its bike. */
  bookingHoldMinutes: number;
  /**
   * How often the hold sweeper looks for holds that have run out, and the money sweeper for held
   * payments due to the seller; null: never (tests that sweep by calling them, so no timer races
   * them). Not an environment variable.
   */
  holdSweepIntervalMs: number | null;
  /** Card money held until the handover (decision 028): days until it goes to the seller unasked, and the fee. */
  money: MoneyRules;
  payments:
    | { provider: "test" }
    | { provider: "stripe"; secretKey: string; publishableKey: string; webhookSecret: string };
  webDist: string;
  /** Google (or another OpenID provider) sign-in; null unless both client id and secret are set. */
  google: GoogleConfig | null;
  /** No smtpUrl: each mail is written to outboxDir instead (never in production). */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /**
   * The notification outbox's worker (decision 023). `pollIntervalMs` null: it never runs by itself
   * (tests that run it by hand). A failed send waits `retryBaseMs` × 2^(attempt − 1) (at most a day),
   * and after `maxAttempts` the row is dead; a claim holds a row for `leaseMs` while it is sent.
   */
  outbox: {
    pollIntervalMs: number | null;
    maxAttempts: number;
    retryBaseMs: number;
    leaseMs: number;
    batch: number;
  };
};

export type GoogleConfig = { issuer: URL; clientId: string; clientSecret: string };

/** Plain http is for a provider on this machine only (a test provider); tokens never cross a network in clear. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

type OidcEnv = {
  OIDC_ISSUER: string;
  OIDC_CLIENT_ID?: string | undefined;
  OIDC_CLIENT_SECRET?: string | undefined;
};

function checkOidc(env: OidcEnv, ctx: z.RefinementCtx): void {
  const id = Boolean(env.OIDC_CLIENT_ID);
  const secret = Boolean(env.OIDC_CLIENT_SECRET);
  if (id !== secret) {
    const [missing, given] = id
      ? ["OIDC_CLIENT_SECRET", "OIDC_CLIENT_ID"]
      : ["OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"];
    ctx.addIssue({
      code: "custom",
      path: [missing],
      message: `${missing} is required when ${given} is set (Google sign-in needs both)`,
    });
  }
  // An unparsable issuer is already reported by its own rule (this check runs even then).
  if (!URL.canParse(env.OIDC_ISSUER)) return;
  const issuer = new URL(env.OIDC_ISSUER);
  if (issuer.protocol !== "https:" && !isLoopbackHttp(issuer)) {
    ctx.addIssue({
      code: "custom",
      path: ["OIDC_ISSUER"],
      message: "OIDC_ISSUER must be an https:// URL (http:// only for a provider on localhost)",
    });
  }
}

type S3Env = {
  IMAGE_STORE: "disk" | "s3";
  S3_PUBLIC_URL?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
};

/** IMAGE_STORE=s3 needs a bucket; keys come both or neither (neither: the SDK's own credential chain). */
function checkS3(env: S3Env, ctx: z.RefinementCtx): void {
  if (env.IMAGE_STORE !== "s3") {
    if (env.S3_PUBLIC_URL)
      ctx.addIssue({
        code: "custom",
        path: ["S3_PUBLIC_URL"],
        message: "S3_PUBLIC_URL serves the bucket's images: it needs IMAGE_STORE=s3",
      });
    return;
  }
  if (!env.S3_BUCKET)
    ctx.addIssue({
      code: "custom",
      path: ["S3_BUCKET"],
      message: "S3_BUCKET is required when IMAGE_STORE=s3",
    });
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    ctx.addIssue({
      code: "custom",
      path: [missing],
      message: `${missing} is required with ${missing === "S3_ACCESS_KEY_ID" ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"} (or leave both unset to use the SDK's credential chain)`,
    });
  }
}

/** Names proxy-addr (Fastify's trustProxy) knows besides addresses and CIDRs. */
const PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (or `no`, `0`), a hop count, `true` (or `yes`) as one hop, or a comma list
 * of the proxies' addresses, CIDRs and proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`).
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = value.trim().toLowerCase();
  if (["false", "no", "0"].includes(v)) return false;
  if (["true", "yes"].includes(v)) return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v.split(",").map((e) => e.trim());
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length === 0) return entries;
  ctx.addIssue({
    code: "custom",
    message: `TRUST_PROXY must be false, a number of proxy hops, or proxy addresses/CIDRs such as 127.0.0.1,10.0.0.0/8 (not: ${bad.join(", ")})`,
  });
  return z.NEVER;
}

/** As Fastify's `trustProxy` option: its types lack the hop count it supports, so a count becomes its function. */
export function fastifyTrustProxy(trust: Config["trustProxy"]) {
  return typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and checks the environment once, at start; every problem is reported together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "env"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const production = e.NODE_ENV === "production";
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    dataDir,
    imageDir: path.join(dataDir, "images"),
    imageStore:
      e.IMAGE_STORE === "s3"
        ? {
            driver: "s3",
            s3: {
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION,
              bucket: e.S3_BUCKET!,
              credentials:
                e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                  : undefined,
            },
          }
        : { driver: "disk" },
    imageUrlBase: e.S3_PUBLIC_URL ? e.S3_PUBLIC_URL.replace(/\/*$/, "/") : "/images/",
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO ?? !production,
    requireAdminMfa: e.REQUIRE_ADMIN_MFA ?? production,
    apiDocs: e.API_DOCS ?? !production,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    secureCookies: publicUrl.protocol === "https:",
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rateLimit: { max: e.RATE_LIMIT_AUTH_MAX, windowSeconds: e.RATE_LIMIT_AUTH_WINDOW_SECONDS },
    uploadRateLimit: { max: e.RATE_LIMIT_UPLOAD_MAX, windowSeconds: e.RATE_LIMIT_UPLOAD_WINDOW_SECONDS },
    messageRateLimit: { max: e.MESSAGES_PER_MINUTE, windowSeconds: 60 },
    conversationRateLimit: { max: e.CONVERSATIONS_PER_HOUR, windowSeconds: 3600 },
    imageCleanupGraceMs: e.IMAGE_CLEANUP_GRACE_HOURS * 60 * 60 * 1000,
    bookingHoldMinutes: e.BOOKING_HOLD_MINUTES,
    holdSweepIntervalMs: e.SWEEP_INTERVAL_SECONDS * 1000,
    money: {
      handoverReleaseDays: e.HANDOVER_RELEASE_DAYS,
      feeBasisPoints: Math.round(e.PLATFORM_FEE_PERCENT * 100),
    },
    payments:
      e.PAYMENT_PROVIDER === "stripe"
        ? {
            provider: "stripe",
            secretKey: e.STRIPE_SECRET_KEY!,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          }
        : { provider: "test" },
    webDist: path.resolve(e.WEB_DIST_DIR),
    google:
      e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: new URL(e.OIDC_ISSUER), clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : null,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, "outbox") },
    outbox: {
      pollIntervalMs: e.OUTBOX_POLL_MS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      retryBaseMs: e.OUTBOX_RETRY_BASE_SECONDS * 1000,
      leaseMs: e.OUTBOX_LEASE_SECONDS * 1000,
      batch: 10,
    },
  };
}

function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((kv): kv is [string, string] => !!kv[1]));
}
