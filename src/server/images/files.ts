/**
 * Where the processed images' files live (issue 24, decision 029): one interface, two drivers chosen by
 * `IMAGE_STORE`. `disk` keeps them under `DATA_DIR/images` (one node, or nodes sharing that folder);
 * `s3` keeps them in a bucket of any S3-compatible service (AWS S3, Cloudflare R2, MinIO, Backblaze B2),
 * so every node behind a load balancer serves every photo. Names are `{key}-{width}.webp`, content-hashed
 * and never rewritten with other bytes, so both are cached as immutable.
 */
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config, S3Settings } from "#server/config.ts";

export function imageFileName(key: string, width: number): string {
  return `${key}-${width}.webp`;
}
/** What `imageFileName` makes: a content hash and a width. Nothing else is ever read from the store. */
export const IMAGE_FILE_NAME = /^[0-9a-f]{32}-\d{1,5}\.webp$/;

export const IMAGE_CONTENT_TYPE = "image/webp";
/** Content-hashed names: a file's bytes never change, so anyone may keep it a year. */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** What the image code needs of a place to keep files. */
export type ImageFiles = {
  readonly driver: "disk" | "s3";
  /** Writes one file under its final name: it appears whole or not at all. */
  put(name: string, data: Buffer): Promise<void>;
  /** Deletes these files; one already gone is no error. */
  remove(names: string[]): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** A file's bytes as a stream, or null when there is none (the `/images/` route of the `s3` driver). */
  read(name: string): Promise<Readable | null>;
  /** Deletes what writes that died left behind, untouched for `minAgeMs`; their names. */
  sweepLeftovers(minAgeMs: number): Promise<string[]>;
  /** Resolves when the store answers (the readiness check), rejects otherwise. */
  check(): Promise<void>;
};

/**
 * A variant is written under a name of its own, then renamed to its final name. One left behind (the
 * process died in between) is swept once it is old (`sweepLeftovers`).
 */
export function tempFileName(file: string): string {
  return `${file}.${randomUUID()}.tmp`;
}
export const TEMP_FILE_NAME = /\.webp\.[0-9a-f-]{36}\.tmp$/;

/** The `disk` driver: files in `dir`, served by the app's static route. */
export function createDiskFiles(dir: string): ImageFiles & { readonly dir: string } {
  const exists = (name: string) =>
    fs.access(path.join(dir, name)).then(
      () => true,
      () => false,
    );
  return {
    driver: "disk",
    dir,
    async put(name, data) {
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, name);
      // Unique per write: the same photo may be written at once by two requests or two nodes sharing the disk.
      const tmp = tempFileName(file);
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async remove(names) {
      await Promise.all(names.map((name) => fs.rm(path.join(dir, name), { force: true })));
    },
    exists,
    async read(name) {
      return (await exists(name)) ? createReadStream(path.join(dir, name)) : null;
    },
    async sweepLeftovers(minAgeMs) {
      let entries: AsyncIterable<{ name: string; isFile(): boolean }>;
      try {
        // Read as a stream: the folder holds three files per image.
        entries = await fs.opendir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw err;
      }
      const before = Date.now() - minAgeMs;
      const deleted: string[] = [];
      for await (const entry of entries) {
        if (!entry.isFile() || !TEMP_FILE_NAME.test(entry.name)) continue;
        const file = path.join(dir, entry.name);
        // Gone meanwhile: renamed by its write, or swept by another node.
        const stat = await fs.stat(file).catch(() => undefined);
        if (stat && stat.mtimeMs < before) {
          await fs.rm(file, { force: true });
          deleted.push(entry.name);
        }
      }
      return deleted;
    },
    async check() {
      await fs.mkdir(dir, { recursive: true });
      await fs.access(dir, fs.constants.W_OK);
    },
  };
}

export function s3ClientFor(s: S3Settings): S3Client {
  return new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint, forcePathStyle: true } : {}),
    ...(s.credentials ? { credentials: s.credentials } : {}),
  });
}

const missing = (err: unknown) =>
  err instanceof NotFound ||
  err instanceof NoSuchKey ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * The `s3` driver. A PutObject is atomic (readers see the old object or the whole new one), so there
 * are no temporary files and nothing to sweep. Every object is written with its content type and the
 * immutable cache header, for a CDN in front of the bucket as for the app's own `/images/` route.
 */
export function createS3Files(s: S3Settings, client: S3Client = s3ClientFor(s)): ImageFiles {
  const Bucket = s.bucket;
  return {
    driver: "s3",
    async put(name, data) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name,
          Body: data,
          ContentType: IMAGE_CONTENT_TYPE,
          CacheControl: IMAGE_CACHE_CONTROL,
        }),
      );
    },
    async remove(names) {
      // DeleteObjects takes at most 1,000 keys; an absent key is reported deleted.
      for (let i = 0; i < names.length; i += 1000) {
        const Objects = names.slice(i, i + 1000).map((Key) => ({ Key }));
        const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        if (res.Errors?.length)
          throw new Error(`S3 refused to delete ${res.Errors.map((e) => e.Key).join(", ")}`);
      }
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async read(name) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return (res.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async sweepLeftovers() {
      return [];
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

/** The store `IMAGE_STORE` chose. */
export function imageFilesFor(config: Pick<Config, "imageDir" | "imageStore">): ImageFiles {
  return config.imageStore.driver === "s3"
    ? createS3Files(config.imageStore.s3)
    : createDiskFiles(config.imageDir);
}

/**
 * Copies the `disk` store's images in `dir` into `to` (moving a running site to a bucket): each
 * variant not there yet is written; one already there is left (names are content hashes, so the same
 * name is the same bytes). Temporary files of dead writes are skipped. Safe to run again; the counts.
 */
export async function copyDiskImages(
  dir: string,
  to: ImageFiles,
): Promise<{ copied: number; present: number }> {
  let copied = 0;
  let present = 0;
  let entries: AsyncIterable<{ name: string; isFile(): boolean }>;
  try {
    entries = await fs.opendir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { copied, present };
    throw err;
  }
  for await (const entry of entries) {
    if (!entry.isFile() || !IMAGE_FILE_NAME.test(entry.name)) continue;
    if (await to.exists(entry.name)) {
      present++;
      continue;
    }
    await to.put(entry.name, await fs.readFile(path.join(dir, entry.name)));
    copied++;
  }
  return { copied, present };
}
