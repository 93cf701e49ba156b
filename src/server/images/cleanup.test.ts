import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { images } from "#server/db/schema.ts";
import { call, createTestApp, multipart, setupTestApp } from "#server/test/app.ts";
import { buildListing, buildUser, jpeg, signedInUser } from "#server/test/factories.ts";
import { IMAGE_WIDTHS } from "#shared/schemas/images.ts";
import { deleteUnusedImages, IMAGE_CLEANUP_INTERVAL_MS } from "./cleanup.ts";
import { saveImage } from "./store.ts";

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
  const cleanUp = () => deleteUnusedImages(t.app.db, t.config.imageDir, t.config.imageCleanupGraceMs);

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
});
