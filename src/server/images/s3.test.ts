/**
 * The `s3` image store (issue 24, item 1; decision 029) against a real S3-protocol server on a loopback
 * port (fauxqs, started here): the keys, content type and cache header we write, reading, deleting
 * and the readiness check; then a whole app on `IMAGE_STORE=s3`, whose uploads land in the bucket, are
 * served by the app with immutable caching, and whose unused images the clean-up deletes there.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { type FauxqsServer, startFauxqs } from "fauxqs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Settings } from "#server/config.ts";
import { call, createTestApp, type TestApp } from "#server/test/app.ts";
import { signup } from "#server/test/auth.ts";
import { jpeg, jpegPart } from "#server/test/factories.ts";
import { IMAGE_WIDTHS } from "#shared/schemas/images.ts";
import { deleteUnusedImages } from "./cleanup.ts";
import {
  copyDiskImages,
  createDiskFiles,
  createS3Files,
  IMAGE_CACHE_CONTROL,
  IMAGE_CONTENT_TYPE,
} from "./files.ts";
import { IMAGE_URL_PREFIX, saveImage, setImageUrlBase } from "./store.ts";
import { keyOf } from "./testing.ts";

const CREDENTIALS = { accessKeyId: "motohaat-test", secretAccessKey: "motohaat-test-secret" };

describe("the s3 image store", () => {
  let server: FauxqsServer;
  let settings: S3Settings;
  beforeAll(async () => {
    server = await startFauxqs({ port: 0, logger: false });
    server.createBucket("motohaat-images");
    settings = {
      endpoint: server.address,
      region: "us-east-1",
      bucket: "motohaat-images",
      credentials: CREDENTIALS,
    };
  });
  afterAll(async () => {
    await server.stop();
  });

  const bucketKeys = async (client: S3Client) =>
    ((await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }))).Contents ?? []).map(
      (o) => o.Key,
    );

  it("writes each file under its name with its content type and the immutable cache header", async () => {
    const client = new S3Client({
      region: "us-east-1",
      endpoint: server.address,
      forcePathStyle: true,
      credentials: CREDENTIALS,
    });
    // What each PutObject asked for, as it left our code (the server keeps no Cache-Control).
    const sent: Record<string, unknown>[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "PutObjectCommand")
          sent.push({ ...(args.input as object), Body: undefined });
        return next(args);
      },
      { step: "initialize" },
    );
    const files = createS3Files(settings, client);
    await files.check();
    const name = `${"a".repeat(32)}-320.webp`;
    await files.put(name, Buffer.from("webp bytes"));
    expect(sent).toEqual([
      {
        Bucket: "motohaat-images",
        Key: name,
        Body: undefined,
        ContentType: IMAGE_CONTENT_TYPE,
        CacheControl: IMAGE_CACHE_CONTROL,
      },
    ]);
    const stored = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: name }));
    expect(stored.ContentType).toBe(IMAGE_CONTENT_TYPE);
    expect(await stored.Body!.transformToString()).toBe("webp bytes");
    expect(await files.exists(name)).toBe(true);
    expect(await files.exists(`${"b".repeat(32)}-320.webp`)).toBe(false);
    expect(await files.read(`${"b".repeat(32)}-320.webp`)).toBeNull();

    // Deleting takes what is there and ignores what is not.
    await files.remove([name, `${"b".repeat(32)}-320.webp`]);
    expect(await files.exists(name)).toBe(false);
    expect(await bucketKeys(client)).not.toContain(name);
    expect(await files.sweepLeftovers(0)).toEqual([]);
  });

  it("takes a disk store's images (npm run images:to-s3), once each, skipping leftovers of dead writes", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-to-s3-"));
    const disk = createDiskFiles(dir);
    const names = [`${"d".repeat(32)}-320.webp`, `${"d".repeat(32)}-640.webp`];
    for (const name of names) await disk.put(name, Buffer.from(name));
    await fs.writeFile(
      path.join(dir, `${names[0]}.${"0".repeat(8)}-0000-0000-0000-${"0".repeat(12)}.tmp`),
      "half",
    );
    await fs.writeFile(path.join(dir, "notes.txt"), "not an image");
    const bucket = createS3Files(settings);
    expect(await copyDiskImages(dir, bucket)).toEqual({ copied: 2, present: 0 });
    const client = new S3Client({
      region: "us-east-1",
      endpoint: server.address,
      forcePathStyle: true,
      credentials: CREDENTIALS,
    });
    const stored = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: names[1] }));
    expect(stored.ContentType).toBe(IMAGE_CONTENT_TYPE);
    expect(await stored.Body!.transformToString()).toBe(names[1]);
    expect((await bucketKeys(client)).filter((k) => k?.startsWith("d".repeat(32)))).toEqual(names);
    // Again: nothing new to copy.
    expect(await copyDiskImages(dir, bucket)).toEqual({ copied: 0, present: 2 });
    await bucket.remove(names);
  });

  it("is not ready without its bucket", async () => {
    await expect(createS3Files({ ...settings, bucket: "no-such-bucket" }).check()).rejects.toThrow();
  });

  describe("an app on IMAGE_STORE=s3", () => {
    let t: TestApp;
    let client: S3Client;
    beforeAll(async () => {
      t = await createTestApp({
        IMAGE_STORE: "s3",
        S3_ENDPOINT: server.address,
        S3_REGION: "us-east-1",
        S3_BUCKET: settings.bucket,
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      });
      client = new S3Client({
        region: "us-east-1",
        endpoint: server.address,
        forcePathStyle: true,
        credentials: CREDENTIALS,
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it("keeps an upload's variants in the bucket and serves them from it, cached as immutable", async () => {
      const res = await signup(t.app, { photo: jpegPart(await jpeg(900, 600)) });
      expect(res.statusCode, res.body).toBe(201);
      const key = keyOf(res.json().user.photo);
      const names = IMAGE_WIDTHS.map((w) => `${key}-${w}.webp`);
      expect(await bucketKeys(client)).toEqual(expect.arrayContaining(names));

      const served = await call(t.app, { method: "GET", url: `/images/${names[0]}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe(IMAGE_CONTENT_TYPE);
      expect(served.headers["cache-control"]).toBe(IMAGE_CACHE_CONTROL);
      const stored = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: names[0] }));
      expect(served.rawPayload.equals(Buffer.from(await stored.Body!.transformToByteArray()))).toBe(true);

      // Nothing else is read from the bucket; a missing photo is the site's 404.
      expect(
        (await call(t.app, { method: "GET", url: `/images/${"c".repeat(32)}-320.webp` })).statusCode,
      ).toBe(404);
      expect((await call(t.app, { method: "GET", url: "/images/..%2Fsecret" })).statusCode).toBe(404);
    });

    it("the clean-up deletes an unused image's objects from the bucket", async () => {
      // Recorded and written, then never used by a listing or a person.
      const { key } = await saveImage(t.app.db, t.app.images, await jpeg(700, 500, "#0ea5e9"));
      expect((await bucketKeys(client)).filter((k) => k?.startsWith(key))).toHaveLength(IMAGE_WIDTHS.length);
      const deleted = await deleteUnusedImages(t.app.db, t.app.images.files, 0);
      expect(deleted).toContain(key);
      expect((await bucketKeys(client)).filter((k) => k?.startsWith(key))).toEqual([]);
    });

    it("with S3_PUBLIC_URL, browsers get the images' addresses there (a CDN in front of the bucket), allowed by the page's policy", async () => {
      const cdn = await createTestApp({
        IMAGE_STORE: "s3",
        S3_ENDPOINT: server.address,
        S3_BUCKET: settings.bucket,
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
        S3_PUBLIC_URL: "https://images.motohaat.example/photos",
      });
      try {
        const res = await signup(cdn.app, { photo: jpegPart(await jpeg(900, 600)) });
        expect(res.statusCode, res.body).toBe(201);
        const { src, srcSet } = res.json().user.photo as { src: string; srcSet: string };
        const at = /^https:\/\/images\.motohaat\.example\/photos\/([0-9a-f]{32}-\d+\.webp)$/;
        expect(src).toMatch(at);
        for (const candidate of srcSet.split(", ")) expect(candidate.split(" ")[0]).toMatch(at);
        // The address names the object the node wrote: the CDN serves the bucket as it is.
        expect(await bucketKeys(client)).toContain(at.exec(src)![1]);
        const health = await call(cdn.app, { method: "GET", url: "/api/health" });
        expect(health.headers["content-security-policy"]).toMatch(
          /img-src 'self' data: blob: https:\/\/images\.motohaat\.example;/,
        );
      } finally {
        await cdn.close();
        // The address is process-wide (images/store.ts), as in production: back to the nodes' own.
        setImageUrlBase(IMAGE_URL_PREFIX);
      }
    });
  });
});
