import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const SECRET = "k3Jd9f0sL2mQ8vX7pR4tY6wZ1aB5cE0g";

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("works with an empty environment: embedded database in ./data, demo data, test payments", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: "development",
      host: "localhost",
      port: 3000,
      dataDir: path.resolve("data"),
      imageDir: path.resolve("data", "images"),
      databaseUrl: undefined,
      redisUrl: undefined,
      seedDemo: true,
      secureCookies: false,
      trustProxy: false,
      logLevel: "info",
      rateLimit: { max: 10, windowSeconds: 60 },
      payments: { provider: "test" },
      mail: {
        smtpUrl: undefined,
        from: "MotoHaat <no-reply@motohaat.test>",
        outboxDir: path.resolve("data", "outbox"),
      },
    });
    expect(config.publicUrl.href).toBe("http://localhost:3000/");
    expect(config.sessionSecret.length).toBeGreaterThan(0);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "", SEED_DEMO: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
    });
  });

  it("reads the variables it is given", () => {
    const config = loadConfig({
      PORT: "8080",
      DATA_DIR: "/srv/motohaat",
      DATABASE_URL: "postgresql://app@db:5432/motohaat",
      REDIS_URL: "redis://cache:6379",
      SEED_DEMO: "no",
      TRUST_PROXY: "1",
      RATE_LIMIT_AUTH_MAX: "5",
      RATE_LIMIT_AUTH_WINDOW_SECONDS: "30",
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: "/srv/motohaat",
      imageDir: "/srv/motohaat/images",
      databaseUrl: "postgresql://app@db:5432/motohaat",
      redisUrl: "redis://cache:6379",
      seedDemo: false,
      trustProxy: 1,
      rateLimit: { max: 5, windowSeconds: 30 },
    });
    expect(config.publicUrl.href).toBe("http://localhost:8080/");
  });

  it("sets Secure cookies when PUBLIC_URL is https, and not when it is http", () => {
    const https = loadConfig({ PUBLIC_URL: "https://motohaat.example" });
    expect(https.secureCookies).toBe(true);
    expect(https.publicUrl.origin).toBe("https://motohaat.example");
    expect(https.publicUrlConfigured).toBe(true);
    expect(loadConfig({}).publicUrlConfigured).toBe(false);
    expect(loadConfig({ PUBLIC_URL: "http://motohaat.example" }).secureCookies).toBe(false);
  });

  it("refuses production without SESSION_SECRET, naming it", () => {
    const err = configError({ NODE_ENV: "production" });
    expect(err.message).toContain("SESSION_SECRET");
    expect(err.message).toContain("required in production");
  });

  it.each([
    ["a short secret", "too-short-secret"],
    ["the development default", "dev-only-session-secret-change-me-in-production"],
  ])("refuses production with %s", (_, secret) => {
    const err = configError({ NODE_ENV: "production", SESSION_SECRET: secret });
    expect(err.message).toMatch(/SESSION_SECRET: .*at least 32/);
  });

  it("accepts production with a long random secret and a mail server, and uses them", () => {
    const smtp = "smtp://mailer:pw@mail.example:587";
    const config = loadConfig({ NODE_ENV: "production", SESSION_SECRET: SECRET, SMTP_URL: smtp });
    expect(config.env).toBe("production");
    expect(config.sessionSecret).toBe(SECRET);
    expect(config.mail.smtpUrl).toBe(smtp);
  });

  it("trusts no proxy by default; TRUST_PROXY takes a hop count (true is one) or proxy addresses and CIDRs", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const off of ["false", "no", "0"]) expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,fd00::/8,loopback" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "fd00::/8",
      "loopback",
    ]);
  });

  it.each(["10.0.0.0/33", "proxy.internal", "10.0.0.1,", "-1", "::1/129"])(
    "refuses TRUST_PROXY=%s",
    (value) => {
      expect(configError({ TRUST_PROXY: value }).message).toMatch(
        /TRUST_PROXY: TRUST_PROXY must be false, a number/,
      );
    },
  );

  it("requires admins' second factor by default in production only; REQUIRE_ADMIN_MFA overrides", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: SECRET, SMTP_URL: "smtp://mail.example" };
    expect(loadConfig(production).requireAdminMfa).toBe(true);
    expect(loadConfig({ ...production, REQUIRE_ADMIN_MFA: "false" }).requireAdminMfa).toBe(false);
    expect(loadConfig({}).requireAdminMfa).toBe(false);
    expect(loadConfig({ NODE_ENV: "test" }).requireAdminMfa).toBe(false);
    expect(loadConfig({ REQUIRE_ADMIN_MFA: "true" }).requireAdminMfa).toBe(true);
  });

  it("turns demo data on by default, except in production", () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).seedDemo).toBe(true);
    const production = { NODE_ENV: "production", SESSION_SECRET: SECRET, SMTP_URL: "smtp://mail.example" };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("refuses SEED_DEMO=true in production unless ALLOW_DEMO_IN_PRODUCTION=true", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: SECRET, SMTP_URL: "smtp://mail.example" };
    for (const allow of [{}, { ALLOW_DEMO_IN_PRODUCTION: "false" }] as Record<string, string>[]) {
      const err = configError({ ...production, SEED_DEMO: "true", ...allow });
      expect(err.message).toContain(
        "SEED_DEMO: SEED_DEMO=true in production publishes the demo accounts' passwords",
      );
      expect(err.message).toContain("ALLOW_DEMO_IN_PRODUCTION=true");
    }
    const allowed = loadConfig({ ...production, SEED_DEMO: "true", ALLOW_DEMO_IN_PRODUCTION: "true" });
    expect(allowed.seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it("refuses production without SMTP_URL: password reset emails would go nowhere", () => {
    const err = configError({ NODE_ENV: "production", SESSION_SECRET: SECRET });
    expect(err.message).toContain("SMTP_URL: SMTP_URL is required in production");
  });

  it.each([
    ["PORT", "not-a-port", /PORT: /],
    ["PORT", "70000", /PORT: /],
    ["PORT", "80.5", /PORT: /],
    ["DATABASE_URL", "mysql://db/motohaat", /DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL/],
    ["REDIS_URL", "http://cache:6379", /REDIS_URL: REDIS_URL must be a redis:\/\/ URL/],
    ["PUBLIC_URL", "motohaat.example", /PUBLIC_URL: /],
    ["SEED_DEMO", "maybe", /SEED_DEMO: /],
    ["LOG_LEVEL", "loud", /LOG_LEVEL: /],
    ["RATE_LIMIT_AUTH_MAX", "0", /RATE_LIMIT_AUTH_MAX: /],
    ["SMTP_URL", "mail.example:587", /SMTP_URL: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
  ])("refuses %s=%s with a message naming it", (key, value, message) => {
    const err = configError({ [key]: value });
    expect(err.message).toMatch(/^Invalid configuration:/);
    expect(err.message).toMatch(message);
  });

  it("holds an unpaid booking for 48 hours unless BOOKING_HOLD_MINUTES says otherwise (1 minute to 30 days)", () => {
    expect(loadConfig({})).toMatchObject({ bookingHoldMinutes: 2880, holdSweepIntervalMs: 60_000 });
    expect(loadConfig({ BOOKING_HOLD_MINUTES: "90" }).bookingHoldMinutes).toBe(90);
    for (const value of ["0", "-5", "1.5", "43201", "two days"]) {
      expect(configError({ BOOKING_HOLD_MINUTES: value }).message, value).toMatch(/BOOKING_HOLD_MINUTES/);
    }
  });

  it("sweeps holds, reminders and releases every minute unless SWEEP_INTERVAL_SECONDS says otherwise (1 s to an hour)", () => {
    expect(loadConfig({ SWEEP_INTERVAL_SECONDS: "5" }).holdSweepIntervalMs).toBe(5000);
    for (const value of ["0", "2.5", "3601", "often"]) {
      expect(configError({ SWEEP_INTERVAL_SECONDS: value }).message, value).toMatch(/SWEEP_INTERVAL_SECONDS/);
    }
  });

  it("holds card money 7 days and takes no fee unless HANDOVER_RELEASE_DAYS and PLATFORM_FEE_PERCENT say otherwise", () => {
    expect(loadConfig({}).money).toEqual({ handoverReleaseDays: 7, feeBasisPoints: 0 });
    expect(loadConfig({ HANDOVER_RELEASE_DAYS: "14", PLATFORM_FEE_PERCENT: "2.75" }).money).toEqual({
      handoverReleaseDays: 14,
      feeBasisPoints: 275,
    });
    for (const value of ["0", "61", "1.5", "a week"]) {
      expect(configError({ HANDOVER_RELEASE_DAYS: value }).message, value).toMatch(/HANDOVER_RELEASE_DAYS/);
    }
    for (const value of ["-1", "50.5", "2.555", "five"]) {
      expect(configError({ PLATFORM_FEE_PERCENT: value }).message, value).toMatch(/PLATFORM_FEE_PERCENT/);
    }
  });

  it("keeps images on disk unless IMAGE_STORE=s3, which needs a bucket and both keys or neither", () => {
    expect(loadConfig({}).imageStore).toEqual({ driver: "disk" });
    expect(
      loadConfig({
        IMAGE_STORE: "s3",
        S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
        S3_REGION: "auto",
        S3_BUCKET: "motohaat-images",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
      }).imageStore,
    ).toEqual({
      driver: "s3",
      s3: {
        endpoint: "https://account.r2.cloudflarestorage.com",
        region: "auto",
        bucket: "motohaat-images",
        credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      },
    });
    // No keys: the SDK's own chain (an instance role, AWS_* variables); AWS itself without an endpoint.
    expect(loadConfig({ IMAGE_STORE: "s3", S3_BUCKET: "b" }).imageStore).toEqual({
      driver: "s3",
      s3: { endpoint: undefined, region: "us-east-1", bucket: "b", credentials: undefined },
    });
    expect(loadConfig({}).imageUrlBase).toBe("/images/");
    expect(
      loadConfig({ IMAGE_STORE: "s3", S3_BUCKET: "b", S3_PUBLIC_URL: "https://cdn.example/img" })
        .imageUrlBase,
    ).toBe("https://cdn.example/img/");
    expect(configError({ S3_PUBLIC_URL: "https://cdn.example" }).message).toMatch(
      /S3_PUBLIC_URL: S3_PUBLIC_URL serves the bucket's images: it needs IMAGE_STORE=s3/,
    );
    expect(configError({ IMAGE_STORE: "s3", S3_BUCKET: "b", S3_PUBLIC_URL: "cdn" }).message).toMatch(
      /S3_PUBLIC_URL must be an http\(s\) URL/,
    );
    expect(configError({ IMAGE_STORE: "s3" }).message).toMatch(
      /S3_BUCKET: S3_BUCKET is required when IMAGE_STORE=s3/,
    );
    expect(configError({ IMAGE_STORE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" }).message).toMatch(
      /S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID/,
    );
    expect(configError({ IMAGE_STORE: "gcs" }).message).toMatch(/IMAGE_STORE must be disk or s3/);
    expect(configError({ IMAGE_STORE: "s3", S3_BUCKET: "b", S3_ENDPOINT: "minio" }).message).toMatch(
      /S3_ENDPOINT/,
    );
  });

  it("reports every problem at once", () => {
    const err = configError({ NODE_ENV: "production", PORT: "x", DATABASE_URL: "sqlite://db" });
    for (const key of ["SESSION_SECRET", "PORT", "DATABASE_URL"]) expect(err.message).toContain(`${key}: `);
  });

  it("needs every Stripe key when PAYMENT_PROVIDER=stripe", () => {
    const err = configError({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x" });
    expect(err.message).not.toContain("STRIPE_SECRET_KEY is required");
    expect(err.message).toContain("STRIPE_PUBLISHABLE_KEY is required when PAYMENT_PROVIDER=stripe");
    expect(err.message).toContain("STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe");
  });

  it("turns Google sign-in on only with both the client id and secret, at Google by default", () => {
    expect(loadConfig({}).google).toBeNull();
    const google = loadConfig({
      OIDC_CLIENT_ID: "id.apps.googleusercontent.com",
      OIDC_CLIENT_SECRET: "s",
    }).google;
    expect(google).toMatchObject({ clientId: "id.apps.googleusercontent.com", clientSecret: "s" });
    expect(google?.issuer.href).toBe("https://accounts.google.com/");
    expect(configError({ OIDC_CLIENT_ID: "id" }).message).toContain(
      "OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET is required when OIDC_CLIENT_ID is set",
    );
    expect(configError({ OIDC_CLIENT_SECRET: "s" }).message).toContain(
      "OIDC_CLIENT_ID: OIDC_CLIENT_ID is required when OIDC_CLIENT_SECRET is set",
    );
  });

  it("takes the OpenID issuer over https only, or plain http on this machine", () => {
    const creds = { OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "s" };
    expect(loadConfig({ ...creds, OIDC_ISSUER: "http://127.0.0.1:4000" }).google?.issuer.origin).toBe(
      "http://127.0.0.1:4000",
    );
    expect(configError({ ...creds, OIDC_ISSUER: "http://sso.example" }).message).toContain(
      "OIDC_ISSUER: OIDC_ISSUER must be an https:// URL",
    );
    expect(configError({ OIDC_ISSUER: "not a url" }).message).toMatch(/OIDC_ISSUER: /);
  });
});
