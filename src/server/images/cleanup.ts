import { and, asc, eq, gt, inArray, lt, notExists, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db, Tx } from "#server/db/client.ts";
import { images, listingPhotos, listings, users } from "#server/db/schema.ts";
import { runPeriodically } from "#server/lib/periodic.ts";
import { IMAGE_WIDTHS } from "#shared/schemas/images.ts";
import type { ImageFiles } from "./files.ts";
import { imageFileName } from "./store.ts";

export const IMAGE_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * How old a crash's leftovers must be before they are swept: a temporary file, and an image row whose
 * files are missing. An upload lives for seconds: it waits in the queue (at most ten uploads of ~0.35 s
 * on two cores), is encoded, its row written or refreshed (`saveImage`), and only then are its files
 * written, each a few hundred kB to a temporary file renamed into place at once. A row an hour old
 * without its files, or a temporary file untouched for an hour, is a write that died. The hour also
 * covers the clocks of nodes sharing the disk (a file's time is the writer's clock; a row's time is
 * the database's, compared with the database's).
 */
export const LEFTOVER_MIN_AGE_MS = 60 * 60 * 1000;

/** Rows deleted per transaction: a long backlog is worked through in short steps. */
const BATCH = 500;

/** No listing, listing photo or user shows the image (`listing_photo_uploads` keeps nothing alive). */
function unreferenced(tx: Tx): SQL {
  return and(
    notExists(tx.select({ one: sql`1` }).from(listings).where(eq(listings.photoKey, images.key))),
    notExists(tx.select({ one: sql`1` }).from(listingPhotos).where(eq(listingPhotos.imageKey, images.key))),
    notExists(tx.select({ one: sql`1` }).from(users).where(eq(users.photoKey, images.key))),
  )!;
}

function olderThan(ms: number): SQL {
  return lt(images.createdAt, sql`now() - ${ms} * interval '1 millisecond'`);
}

/** Every variant's file name of these images. */
const filesOf = (keys: string[]) => keys.flatMap((key) => IMAGE_WIDTHS.map((w) => imageFileName(key, w)));

async function hasAllFiles(files: ImageFiles, key: string): Promise<boolean> {
  const found = await Promise.all(filesOf([key]).map((name) => files.exists(name)));
  return found.every(Boolean);
}

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
export async function deleteUnusedImages(db: Db, files: ImageFiles, graceMs: number): Promise<string[]> {
  const deleted: string[] = [];
  for (;;) {
    const keys = await db.transaction(async (tx) => {
      const unused = tx
        .select({ key: images.key })
        .from(images)
        .where(and(olderThan(graceMs), unreferenced(tx)))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      const rows = await tx.delete(images).where(inArray(images.key, unused)).returning({ key: images.key });
      const batch = rows.map((r) => r.key);
      await files.remove(filesOf(batch));
      return batch;
    });
    deleted.push(...keys);
    if (keys.length < BATCH) return deleted;
  }
}

/**
 * Deletes the image rows, unused and older than `minAgeMs`, that lack any of their files: the process
 * died between `saveImage` writing the row and renaming the files into place (or the disk lost them).
 * Such a row would otherwise wait out the whole grace period of `deleteUnusedImages`. The rows are
 * locked while their files are looked at and deleted (with any variant that was written), so an
 * upload of the same picture meanwhile waits and then records and writes it anew, as above; a row
 * saved within `minAgeMs` may be an upload writing its files right now, and is not looked at.
 *
 * A row a listing or a user refers to is left alone even without files: the foreign keys refuse its
 * deletion, and the listing or person would lose the photo altogether. A crash cannot leave one (a
 * row is referred to only once `saveImage` has returned, its files in place); only lost files can,
 * which takes the disk's backup, not a sweep. Not looking at them keeps each run's cost to the few
 * unused rows rather than every image. Returns the keys deleted.
 */
async function deleteImagesWithoutFiles(
  db: Db,
  files: ImageFiles,
  minAgeMs = LEFTOVER_MIN_AGE_MS,
): Promise<string[]> {
  const deleted: string[] = [];
  let after = "";
  for (;;) {
    const { seen, gone } = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ key: images.key })
        .from(images)
        .where(and(gt(images.key, after), olderThan(minAgeMs), unreferenced(tx)))
        .orderBy(asc(images.key))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      const keys = rows.map((r) => r.key);
      const complete = await Promise.all(keys.map((key) => hasAllFiles(files, key)));
      const incomplete = keys.filter((_, i) => !complete[i]);
      if (incomplete.length > 0) {
        await tx.delete(images).where(inArray(images.key, incomplete));
        await files.remove(filesOf(incomplete));
      }
      return { seen: keys, gone: incomplete };
    });
    deleted.push(...gone);
    if (seen.length < BATCH) return deleted;
    after = seen[seen.length - 1]!;
  }
}

type ImageCleanup = { unused: string[]; withoutFiles: string[]; tempFiles: string[] };

/** One run of the clean-up: unused images, then rows a crash left without files, then its temporary files. */
export async function cleanUpImages(db: Db, files: ImageFiles, graceMs: number): Promise<ImageCleanup> {
  const unused = await deleteUnusedImages(db, files, graceMs);
  const withoutFiles = await deleteImagesWithoutFiles(db, files);
  // Temporary files of writes that died (disk; an S3 PutObject leaves none).
  const tempFiles = await files.sweepLeftovers(LEFTOVER_MIN_AGE_MS);
  return { unused, withoutFiles, tempFiles };
}

/**
 * Runs `cleanUpImages` every `intervalMs` while the app is up, the first time one interval after
 * start; a failure is logged and retried next time.
 */
export function scheduleImageCleanup(app: FastifyInstance, intervalMs = IMAGE_CLEANUP_INTERVAL_MS): void {
  runPeriodically(
    app,
    "image clean-up",
    intervalMs,
    async () => {
      const { unused, withoutFiles, tempFiles } = await cleanUpImages(
        app.db,
        app.images.files,
        app.config.imageCleanupGraceMs,
      );
      if (unused.length > 0) app.log.info({ count: unused.length }, "unused images deleted");
      if (withoutFiles.length > 0) {
        app.log.warn(
          { count: withoutFiles.length },
          "image rows without their files deleted (an upload died)",
        );
      }
      if (tempFiles.length > 0) {
        app.log.warn({ count: tempFiles.length }, "temporary image files deleted (an upload died)");
      }
    },
    { atStart: false },
  );
}
