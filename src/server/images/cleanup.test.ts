import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { images } from "#server/db/schema.ts";
import { call, createTestApp, multipart, setupTestApp, type TestApp } from "#server/test/app.ts";
import { buildListing, buildUser, jpeg, signedInUser } from "#server/test/factories.ts";
import { IMAGE_WIDTHS } from "#shared/schemas/images.ts";
import {
  cleanUpImages,
  deleteUnusedImages,
  IMAGE_CLEANUP_INTERVAL_MS,
  LEFTOVER_MIN_AGE_MS,
} from "./cleanup.ts";
import type { createDiskFiles } from "./files.ts";
import { type ImageStore, imageFileName, saveImage } from "./store.ts";

const HOUR = 60 * 60 * 1000;

/**
 * What `kill -9` during an upload leaves: `saveImage` recorded the row (saved `hoursAgo`), then the
 * process died while writing the files. `renamed` of the variants reached their final names; the
 * first of the others was being written to its temporary file (untouched for as long), the rest not begun.
 */
async function crashedUpload(
  db: TestApp["app"]["db"],
  store: ImageStore,
  picture: Buffer,
  { hoursAgo, renamed = 0 }: { hoursAgo: number; renamed?: number },
): Promise<{ key: string; tempFile: string }> {
  // The test app keeps its images on disk (IMAGE_STORE's default).
  const { dir } = store.files as ReturnType<typeof createDiskFiles>;
  const { variants, ...img } = await store.encode(picture);
  await db.insert(images).values(img);
  await db
    .update(images)
    .set({ createdAt: sql`now() - ${hoursAgo} * interval '1 hour'` })
    .where(eq(images.key, img.key));
  await fs.mkdir(dir, { recursive: true });
  for (const v of variants.slice(0, renamed)) {
    await fs.writeFile(path.join(dir, imageFileName(img.key, v.width)), v.data);
  }
  const writing = variants[renamed]!;
  const tempFile = `${imageFileName(img.key, writing.width)}.${randomUUID()}.tmp`;
  await fs.writeFile(path.join(dir, tempFile), writing.data.subarray(0, writing.data.length >> 1));
  await touch(path.join(dir, tempFile), hoursAgo * HOUR);
  return { key: img.key, tempFile };
}

/** Sets a file's modification time `ageMs` ago. */
async function touch(file: string, ageMs: number): Promise<void> {
  const then = new Date(Date.now() - ageMs);
  await fs.utimes(file, then, then);
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

describe("deleting unused images", () => {
  const t = setupTestApp({ IMAGE_CLEANUP_GRACE_HOURS: "24" });

  let colour = 0;
  /** A picture nobody has uploaded yet in this file. */
  const newPicture = () =>
    jpeg(120, 90, `#${((++colour * 0x3b7d1f) & 0xffffff).toString(16).padStart(6, "0")}`);

  async function orphan(): Promise<string> {
    return (await saveImage(t.app.db, t.app.images, await newPicture())).key;
  }

  /** Last saved `hours` ago. */
  async function age(key: string, hours: number): Promise<void> {
    await t.app.db
      .update(images)
      .set({ createdAt: sql`now() - ${hours} * interval '1 hour'` })
      .where(eq(images.key, key));
  }

  /** Whether the image's row is there, and how many of its variant files. */
  async function stored(key: string): Promise<{ row: boolean; files: number }> {
    const rows = await t.app.db.select().from(images).where(eq(images.key, key));
    let files = 0;
    for (const w of IMAGE_WIDTHS) {
      if (
        await fs
          .access(path.join(t.config.imageDir, `${key}-${w}.webp`))
          .then(() => true)
          .catch(() => false)
      )
        files++;
    }
    return { row: rows.length === 1, files };
  }

  const present = { row: true, files: IMAGE_WIDTHS.length };
  const gone = { row: false, files: 0 };
  const cleanUp = () => deleteUnusedImages(t.app.db, t.app.images.files, t.config.imageCleanupGraceMs);

  it("deletes an orphan older than the grace period, row and files; keeps a young orphan and used images", async () => {
    const old = await orphan();
    const young = await orphan();
    const listingPhoto = await orphan();
    const profilePhoto = await orphan();
    const listing = await buildListing(t.app, { photoKey: listingPhoto });
    const user = await buildUser(t.app);
    await t.app.db.execute(sql`update users set photo_key = ${profilePhoto} where id = ${user.id}`);
    await age(old, 25);
    await age(young, 23);
    await age(listingPhoto, 1000);
    await age(profilePhoto, 1000);
    for (const key of [old, young, listingPhoto, profilePhoto]) expect(await stored(key)).toEqual(present);

    expect(await cleanUp()).toEqual([old]);
    expect(await stored(old)).toEqual(gone);
    expect(await stored(young)).toEqual(present);
    expect(await stored(listingPhoto)).toEqual(present);
    expect(await stored(profilePhoto)).toEqual(present);
    // The listing still shows its photo.
    const shown = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await call(t.app, { method: "GET", url: shown.json().listing.photo.src })).statusCode).toBe(200);
  });

  it("a replaced profile photo becomes an orphan and goes once the grace period is over", async () => {
    const { cookie } = await signedInUser(t.app);
    const change = async () => {
      const form = await multipart({ photo: { data: await newPicture(), filename: "me.jpg" } });
      const res = await call(t.app, { method: "PATCH", url: "/api/auth/me", cookie, ...form });
      expect(res.statusCode, res.body).toBe(200);
      return /\/images\/([0-9a-f]+)-640\.webp$/.exec(res.json().user.photo.src)![1]!;
    };
    const first = await change();
    const second = await change();
    expect(second).not.toBe(first);

    expect(await cleanUp()).toEqual([]);
    expect(await stored(first)).toEqual(present);
    await age(first, 25);
    await age(second, 25);
    expect(await cleanUp()).toEqual([first]);
    expect(await stored(first)).toEqual(gone);
    expect(await stored(second)).toEqual(present);
  });

  it("an old orphan uploaded again is fresh: the request about to use it keeps it", async () => {
    const picture = await newPicture();
    const { key } = await saveImage(t.app.db, t.app.images, picture);
    await age(key, 25);
    expect((await saveImage(t.app.db, t.app.images, Buffer.from(picture))).key).toBe(key);

    expect(await cleanUp()).toEqual([]);
    expect(await stored(key)).toEqual(present);
  });

  it("several runs at once delete each orphan once, without errors", async () => {
    const keys = await Promise.all([orphan(), orphan(), orphan(), orphan()]);
    for (const key of keys) await age(key, 25);
    const runs = await Promise.all([cleanUp(), cleanUp(), cleanUp()]);
    expect(runs.flat().sort()).toEqual([...keys].sort());
    for (const key of keys) expect(await stored(key)).toEqual(gone);
  });

  describe("what a crashed upload left", () => {
    const sweep = () => cleanUpImages(t.app.db, t.app.images.files, t.config.imageCleanupGraceMs);
    const inDir = (name: string) => path.join(t.config.imageDir, name);

    it("a row an hour old without its files goes, with the temporary file and any variant written", async () => {
      const crashed = await crashedUpload(t.app.db, t.app.images, await newPicture(), { hoursAgo: 2 });
      const halfway = await crashedUpload(t.app.db, t.app.images, await newPicture(), {
        hoursAgo: 2,
        renamed: 2,
      });
      expect(await stored(crashed.key)).toEqual({ row: true, files: 0 });
      expect(await stored(halfway.key)).toEqual({ row: true, files: 2 });

      const swept = await sweep();
      expect(swept.withoutFiles.sort()).toEqual([crashed.key, halfway.key].sort());
      expect(swept.tempFiles.sort()).toEqual([crashed.tempFile, halfway.tempFile].sort());
      expect(await stored(crashed.key)).toEqual(gone);
      expect(await stored(halfway.key)).toEqual(gone);
      expect(await exists(inDir(crashed.tempFile))).toBe(false);
      expect(await exists(inDir(halfway.tempFile))).toBe(false);
    });

    it("keeps an upload writing its files now, a complete unused image, and a referenced row", async () => {
      // Recorded just now, its files still being written: neither the row nor its temporary file is touched.
      const writing = await crashedUpload(t.app.db, t.app.images, await newPicture(), { hoursAgo: 0 });
      // Saved 2 hours ago with all its files, used by nothing yet: it waits out the grace period (24 h).
      const complete = await orphan();
      await age(complete, 2);
      // A listing's photo whose files are gone (the disk lost them): the listing keeps its row.
      const shown = await orphan();
      await buildListing(t.app, { photoKey: shown });
      await age(shown, 1000);
      for (const w of IMAGE_WIDTHS) await fs.rm(inDir(imageFileName(shown, w)));
      // Not ours: only the store's own temporary files are swept.
      await fs.writeFile(inDir("notes.tmp"), "kept");
      await touch(inDir("notes.tmp"), 48 * HOUR);
      // A temporary file half the minimum age old.
      const recent = `${imageFileName(complete, 640)}.${randomUUID()}.tmp`;
      await fs.writeFile(inDir(recent), "half-written");
      await touch(inDir(recent), LEFTOVER_MIN_AGE_MS / 2);

      const swept = await sweep();
      expect(swept.withoutFiles).toEqual([]);
      expect(swept.tempFiles).toEqual([]);
      expect(await stored(writing.key)).toEqual({ row: true, files: 0 });
      expect(await exists(inDir(writing.tempFile))).toBe(true);
      expect(await stored(complete)).toEqual(present);
      expect(await stored(shown)).toEqual({ row: true, files: 0 });
      expect(await exists(inDir("notes.tmp"))).toBe(true);
      expect(await exists(inDir(recent))).toBe(true);
    });

    it("the same picture uploaded again after a crash is stored whole and kept", async () => {
      const picture = await newPicture();
      const crashed = await crashedUpload(t.app.db, t.app.images, picture, { hoursAgo: 2 });
      expect((await saveImage(t.app.db, t.app.images, Buffer.from(picture))).key).toBe(crashed.key);

      const swept = await sweep();
      expect(swept.withoutFiles).toEqual([]);
      expect(swept.tempFiles).toEqual([crashed.tempFile]);
      expect(await stored(crashed.key)).toEqual(present);
    });
  });
});

describe("the app's hourly clean-up", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs every hour while the app is up", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const t = await createTestApp({ IMAGE_CLEANUP_GRACE_HOURS: "1" });
    try {
      const { key } = await saveImage(t.app.db, t.app.images, await jpeg(50, 40, "#abcdef"));
      await t.app.db.execute(
        sql`update images set created_at = now() - interval '2 hours' where key = ${key}`,
      );
      vi.advanceTimersByTime(IMAGE_CLEANUP_INTERVAL_MS - 1);
      expect(await t.app.db.select().from(images).where(eq(images.key, key))).toHaveLength(1);

      vi.advanceTimersByTime(1);
      await vi.waitFor(async () => {
        expect(await t.app.db.select().from(images).where(eq(images.key, key))).toHaveLength(0);
      });
      await expect(fs.readdir(t.config.imageDir)).resolves.toEqual([]);
    } finally {
      await t.close();
    }
  });
  it("its hourly run sweeps what a crashed upload left, and keeps uploads under way and complete images", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const t = await createTestApp({ IMAGE_CLEANUP_GRACE_HOURS: "24" });
    try {
      const crashed = await crashedUpload(t.app.db, t.app.images, await jpeg(50, 40, "#123456"), {
        hoursAgo: 2,
      });
      const writing = await crashedUpload(t.app.db, t.app.images, await jpeg(50, 40, "#654321"), {
        hoursAgo: 0,
      });
      const complete = await saveImage(t.app.db, t.app.images, await jpeg(50, 40, "#abcdef"));
      await t.app.db.execute(
        sql`update images set created_at = now() - interval '2 hours' where key = ${complete.key}`,
      );
      const rowOf = async (key: string) => t.app.db.select().from(images).where(eq(images.key, key));

      vi.advanceTimersByTime(IMAGE_CLEANUP_INTERVAL_MS);
      await vi.waitFor(async () => {
        expect(await rowOf(crashed.key)).toHaveLength(0);
        expect(await fs.readdir(t.config.imageDir)).not.toContain(crashed.tempFile);
      });
      expect(await rowOf(writing.key)).toHaveLength(1);
      expect(await rowOf(complete.key)).toHaveLength(1);
      expect((await fs.readdir(t.config.imageDir)).sort()).toEqual(
        [writing.tempFile, ...IMAGE_WIDTHS.map((w) => imageFileName(complete.key, w))].sort(),
      );
    } finally {
      await t.close();
    }
  });
});
