import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "#server/db/client.ts";
import { images, listingPhotos, listings, users } from "#server/db/schema.ts";
import { runPeriodically } from "#server/lib/periodic.ts";
import { IMAGE_WIDTHS } from "#shared/schemas/images.ts";
import { imageFileName } from "./store.ts";

export const IMAGE_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Rows deleted per transaction: a long backlog is worked through in short steps. */
const BATCH = 500;

/**
 * Deletes the images no listing or user refers to and that nothing saved for `graceMs` (an upload of
 * the same picture refreshes the time, see `saveImage`): the rows, then their files. Returns the keys.
 *
 * One statement picks and deletes, so a row referenced in the meantime is not taken (and the foreign
 * keys refuse it in any case). Rows another run or a request has locked are skipped, not waited for:
 * several app nodes may run this at once, each key goes exactly once. The files go inside the
 * transaction: until they are gone the deleted row stays locked, and a `saveImage` of the same picture
 * waits for it, then writes its files again.
 */
export async function deleteUnusedImages(db: Db, dir: string, graceMs: number): Promise<string[]> {
  const deleted: string[] = [];
  for (;;) {
    const keys = await db.transaction(async (tx) => {
      const unused = tx
        .select({ key: images.key })
        .from(images)
        .where(
          and(
            lt(images.createdAt, sql`now() - ${graceMs} * interval '1 millisecond'`),
            notExists(tx.select({ one: sql`1` }).from(listings).where(eq(listings.photoKey, images.key))),
            notExists(
              tx.select({ one: sql`1` }).from(listingPhotos).where(eq(listingPhotos.imageKey, images.key)),
            ),
            notExists(tx.select({ one: sql`1` }).from(users).where(eq(users.photoKey, images.key))),
          ),
        )
        .limit(BATCH)
        .for("update", { skipLocked: true });
      const rows = await tx.delete(images).where(inArray(images.key, unused)).returning({ key: images.key });
      const batch = rows.map((r) => r.key);
      await Promise.all(
        batch.flatMap((key) =>
          IMAGE_WIDTHS.map((w) => fs.rm(path.join(dir, imageFileName(key, w)), { force: true })),
        ),
      );
      return batch;
    });
    deleted.push(...keys);
    if (keys.length < BATCH) return deleted;
  }
}

/**
 * Runs `deleteUnusedImages` every `intervalMs` while the app is up, the first time one interval after
 * start; a failure is logged and retried next time.
 */
export function scheduleImageCleanup(app: FastifyInstance, intervalMs = IMAGE_CLEANUP_INTERVAL_MS): void {
  runPeriodically(
    app,
    "image clean-up",
    intervalMs,
    async () => {
      const keys = await deleteUnusedImages(app.db, app.config.imageDir, app.config.imageCleanupGraceMs);
      if (keys.length > 0) app.log.info({ count: keys.length }, "unused images deleted");
    },
    { atStart: false },
  );
}
