/**
 * `/api/health/ready` (issue 24, item 4): what a load balancer asks before sending a node traffic.
 * 200 only when every part the node depends on answers; 503 naming the ones that do not.
 */
import { afterAll, describe, expect, it } from "vitest";
import { call, createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import { TEST_REDIS_URL } from "#server/test/redis.ts";

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
});

async function appWith(env: Record<string, string>) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}

describe("GET /api/health/ready", () => {
  it("is ready on the embedded database with images on disk and no Redis", async () => {
    const t = await appWith({});
    const res = await call(t.app, { method: "GET", url: "/api/health/ready" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      status: "ready",
      database: t.app.databaseKind,
      redis: "off",
      images: "disk",
    });
  });

  it("counts Redis when it is configured: up when it answers", async () => {
    const t = await appWith({ REDIS_URL: TEST_REDIS_URL });
    const res = await call(t.app, { method: "GET", url: "/api/health/ready" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redis).toBe("up");
  });

  it("is not ready (503) when Redis or the image store does not answer, and says which", async () => {
    // Nothing listens on port 9 of this machine.
    const t = await appWith({
      REDIS_URL: "redis://127.0.0.1:9",
      IMAGE_STORE: "s3",
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_BUCKET: "motohaat-images",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    const res = await call(t.app, { method: "GET", url: "/api/health/ready" });
    expectProblem(res, 503, "Not ready: Redis, the image store not answering.");
    expect(res.json().code).toBe("health.notReady");
    // Liveness stays cheap and says the node is up.
    expect((await call(t.app, { method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});
