import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import { buildListing, randomIp, signedInUser } from "#server/test/factories.ts";
import { BUILT_ASSET, createWebDist } from "#server/test/web-dist.ts";
import { COMPRESS_THRESHOLD } from "./compression.ts";

/** What a browser on a phone sends (Chrome's own header). */
const CHROME = "gzip, deflate, br, zstd";

/** The answer's bytes as the client reads them after undoing its Content-Encoding. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(res.rawPayload);
  if (encoding === "gzip") return zlib.gunzipSync(res.rawPayload);
  expect(encoding, "an encoding the client did not ask for").toBeUndefined();
  return res.rawPayload;
}

const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? "")
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes("accept-encoding");

/** A hashed asset big enough to be worth compressing, with the `.br` and `.gz` the build writes beside it. */
const BIG_ASSET = {
  url: "/assets/index-9f8e7d.js",
  body: Array.from({ length: 400 }, (_, i) => `export const part${i} = () => "bike number ${i}";\n`).join(""),
};
const INDEX_HTML = `<!doctype html><html><head><title>MotoHaat</title>${'<link rel="modulepreload" href="/assets/chunk.js" />'.repeat(30)}</head><body><div id="root"></div></body></html>`;

async function writeWithBuildVariants(dir: string, name: string, body: string) {
  const file = path.join(dir, name);
  await fs.writeFile(file, body);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(body));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(body));
}

describe("built files: served as the build compressed them", () => {
  let webDist: Awaited<ReturnType<typeof createWebDist>>;
  let t: TestApp;
  beforeAll(async () => {
    webDist = await createWebDist(INDEX_HTML);
    await writeWithBuildVariants(webDist.dir, BIG_ASSET.url.slice(1), BIG_ASSET.body);
    await writeWithBuildVariants(webDist.dir, "index.html", INDEX_HTML);
    t = await createTestApp({}, { webDist: webDist.dir });
  });
  afterAll(async () => {
    await t?.close();
    await webDist?.remove();
  });

  const get = (url: string, acceptEncoding?: string) =>
    call(t.app, { method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it.each([
    ["br", "br"],
    ["gzip", "gzip"],
    [CHROME, "br"],
    ["gzip;q=1, br;q=0.5", "gzip"],
  ])(
    "answers Accept-Encoding: %s with the build's %s file, the same bytes once decoded",
    async (accept, encoding) => {
      const res = await get(BIG_ASSET.url, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toMatch(/^(?:text|application)\/javascript/);
      expect(varies(res)).toBe(true);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(decoded(res).toString()).toBe(BIG_ASSET.body);
      expect(res.rawPayload.length).toBeLessThan(BIG_ASSET.body.length / 4);
    },
  );

  it("sends the plain file to a client that accepts no compression, still saying it varies", async () => {
    for (const accept of [undefined, "identity"]) {
      const res = await get(BIG_ASSET.url, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"], accept).toBeUndefined();
      expect(res.body).toBe(BIG_ASSET.body);
      expect(varies(res)).toBe(true);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  it("sends a file the build left uncompressed as it is, not compressed again per request", async () => {
    const res = await get(BUILT_ASSET.url, CHROME);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(BUILT_ASSET.body);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it.each(["/", "/products/all", "/dashboard/myorders"])(
    "answers the page %s with the compressed index.html, not cached",
    async (url) => {
      for (const [accept, encoding] of [
        ["br", "br"],
        ["gzip", "gzip"],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, accept);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toMatch(/^text\/html/);
        expect(res.headers["content-encoding"], accept).toBe(encoding);
        expect(varies(res)).toBe(true);
        expect(res.headers["cache-control"]).toBe("no-cache");
        expect(decoded(res).toString()).toBe(INDEX_HTML);
      }
    },
  );

  it("compresses a details page's HTML, built per request, on the fly", async () => {
    const listing = await buildListing(t.app);
    const plain = await get(`/products/productdetails/${listing.id}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain('property="og:title"');
    for (const encoding of ["br", "gzip"]) {
      const res = await get(`/products/productdetails/${listing.id}`, encoding);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(varies(res)).toBe(true);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(decoded(res).toString()).toBe(plain.body);
    }
  });

  it("sends a bike's photo as it is: WebP is compressed already", async () => {
    const listing = await buildListing(t.app);
    const res = await get(`/images/${listing.photoKey}-640.webp`, CHROME);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});

describe("API answers: JSON above the threshold compressed on the fly", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_MAX: "1" });
    // A page of listings is several kilobytes of JSON.
    for (let i = 0; i < 4; i++) await buildListing(t.app, { model: `Bajaj Pulsar ${150 + i}` });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, acceptEncoding?: string, method: "GET" | "HEAD" = "GET") =>
    call(t.app, { method, url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("compresses a large JSON answer with brotli or gzip; decoded, it is the same JSON", async () => {
    const plain = await get("/api/listings");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    for (const [accept, encoding] of [
      ["br", "br"],
      ["gzip", "gzip"],
      [CHROME, "br"],
    ]) {
      const res = await get("/api/listings", accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(varies(res)).toBe(true);
      expect(Number(res.headers["content-length"] ?? res.rawPayload.length)).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(res).toString())).toEqual(plain.json());
    }
  });

  it("leaves a small answer and a small problem+json uncompressed", async () => {
    const health = await get("/api/health", CHROME);
    expect(health.statusCode).toBe(200);
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(health.json()).toMatchObject({ status: expect.any(String) });

    const missing = await get("/api/listings/00000000-0000-4000-8000-000000000000", CHROME);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    expectProblem(missing, 404);
  });

  it("answers HEAD with no body, describing the plain JSON (a HEAD twin gets no compression)", async () => {
    const plain = await get("/api/listings");
    const res = await get("/api/listings", "br", "HEAD");
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(plain.rawPayload.length);
  });

  it("answers a 204 with no body and no encoding", async () => {
    const { cookie } = await signedInUser(t.app);
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/signout",
      cookie,
      headers: { "accept-encoding": CHROME },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.rawPayload.length).toBe(0);
  });

  it("keeps a refusal's rate-limit header and readable problem+json", async () => {
    const ip = randomIp();
    const signin = () =>
      call(t.app, {
        method: "POST",
        url: "/api/auth/signin",
        remoteAddress: ip,
        headers: { "accept-encoding": CHROME },
        payload: { email: "nobody@example.test", password: "wrong password here" },
      });
    await signin();
    const refused = await signin();
    expectProblem(refused, 429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});
