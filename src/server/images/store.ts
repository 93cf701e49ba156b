import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import pLimit from "p-limit";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import type { Db } from "#server/db/client.ts";
import { images } from "#server/db/schema.ts";
import { PayloadTooLarge, ServiceUnavailable, UnsupportedMediaType } from "#server/errors.ts";
import { MSG } from "#shared/messages.ts";
import { IMAGE_WIDTHS, type Image, type ImageFormat, MAX_IMAGE_MEGAPIXELS } from "#shared/schemas/images.ts";
import { type ImageFiles, imageFileName } from "./files.ts";

/** Formats we accept, as sharp names them after sniffing the bytes (the file name and MIME type are ignored). */
function isAccepted(format: string | undefined): format is ImageFormat {
  return format !== undefined && Object.hasOwn(MAX_IMAGE_MEGAPIXELS, format);
}

export type StoredImage = { key: string; width: number; height: number };

/** Where every node serves the images (plugins/web.ts), whatever address browsers are given. */
export const IMAGE_URL_PREFIX = "/images/";
let imageUrlBase = IMAGE_URL_PREFIX;

/**
 * Sets where browsers fetch images (`Config.imageUrlBase`: the nodes' `/images/`, or S3_PUBLIC_URL).
 * Process-wide, as the configuration it comes from: `toImage` runs inside every feature's presenter,
 * none of which is handed the config. buildApp sets it.
 */
export function setImageUrlBase(base: string): void {
  imageUrlBase = base;
}

/** The address browsers fetch one image file from. */
export function imageUrl(fileName: string): string {
  return `${imageUrlBase}${fileName}`;
}

// Named where the files are kept (files.ts); here too for the image code that names them.
export { IMAGE_FILE_NAME, imageFileName } from "./files.ts";

/** The browser's view of a stored image: the 640px variant as `src`, every variant in `srcSet`. */
export function toImage(img: StoredImage): Image {
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const w of IMAGE_WIDTHS) {
    const actual = Math.min(w, img.width);
    if (seen.has(actual)) continue;
    seen.add(actual);
    parts.push(`${imageUrl(imageFileName(img.key, w))} ${actual}w`);
  }
  return {
    src: imageUrl(imageFileName(img.key, 640)),
    srcSet: parts.join(", "),
    width: img.width,
    height: img.height,
  };
}

/** The WebP variants of one upload, encoded but not yet written. */
type EncodedImage = StoredImage & { variants: { width: number; data: Buffer }[] };

export type ImageStore = {
  /** Where the files are kept: disk or an S3 bucket (files.ts). */
  files: ImageFiles;
  /** Sniffs, checks, strips metadata, auto-rotates and encodes the WebP variants; waits its turn in `queue`. */
  encode(input: Buffer, options?: EncodeOptions): Promise<EncodedImage>;
  /** Writes the variants under their final names (each appears whole or not at all). */
  write(image: EncodedImage): Promise<void>;
  /** `encode` then `write`; returns the key. */
  process(input: Buffer): Promise<StoredImage>;
  /** The encodes running (at most `concurrency`) and waiting. */
  readonly queue: { readonly activeCount: number; readonly pendingCount: number };
};

export type EncodeOptions = {
  /**
   * libwebp's effort, 0–6 (default 4, every upload). The demo's drawings, encoded on a first start,
   * use 2: 40 % less time for 6 % more bytes, measured on them (issue 12, start-up).
   */
  effort?: number;
};

type ImageStoreOptions = {
  /** Encodes at once in this store (one store per app, one app per process). */
  concurrency?: number;
  /** Uploads that may wait for their turn; the next one is refused with 503 (each waiting holds up to 10 MB). */
  maxWaiting?: number;
  /** Awaited as each encode starts its turn: lets a test hold encodes and watch the queue. */
  onEncodeStart?: () => void | Promise<void>;
};

/**
 * Uploads decoded at once per process. Each holds its decoded pixels while it runs; more at once adds
 * memory without adding speed on a two-core machine (docs/decisions/011-image-cost-limits.md).
 */
export const IMAGE_CONCURRENCY = 2;
/** Uploads waiting behind those being encoded, at most (~80 MB of request bodies held). */
export const IMAGE_QUEUE_MAX = 8;
/** What a refused upload is told to wait: about what the queue ahead of it takes to drain. */
export const IMAGE_QUEUE_RETRY_AFTER_S = 5;

const LARGEST_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

// libvips' operation cache keeps recent images for reuse, but no two uploads share work: it only held memory.
sharp.cache(false);

export function createImageStore(files: ImageFiles, options: ImageStoreOptions = {}): ImageStore {
  const limit = pLimit(options.concurrency ?? IMAGE_CONCURRENCY);
  const maxWaiting = options.maxWaiting ?? IMAGE_QUEUE_MAX;

  /** `encode` in its turn, or a 503 at once when the queue is full. */
  function queued(input: Buffer, encodeOptions?: EncodeOptions): Promise<EncodedImage> {
    // Counted with those running: calls made in one tick all wait before the first one starts.
    if (limit.activeCount + limit.pendingCount >= limit.concurrency + maxWaiting) {
      return Promise.reject(new ServiceUnavailable(MSG.image.busy, IMAGE_QUEUE_RETRY_AFTER_S));
    }
    return limit(encode, input, encodeOptions);
  }

  async function encode(input: Buffer, encodeOptions: EncodeOptions = {}): Promise<EncodedImage> {
    await options.onEncodeStart?.();
    let meta: Metadata;
    try {
      // Reads only the header: the pixel count is checked before anything is decoded.
      meta = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      throw new UnsupportedMediaType(MSG.image.notImage);
    }
    if (!isAccepted(meta.format) || !meta.width || !meta.height) {
      throw new UnsupportedMediaType(MSG.image.notImage);
    }
    const maxPixels = MAX_IMAGE_MEGAPIXELS[meta.format] * 1_000_000;
    if (meta.width * meta.height > maxPixels) throw new PayloadTooLarge(MSG.image.tooManyPixels);

    let variants: { width: number; data: Buffer; info: OutputInfo }[];
    try {
      // Decoded once, straight down to the largest width: JPEG and WebP shrink while decoding
      // (shrink-on-load), and the sequential read streams rows through the resize instead of holding
      // the whole picture. The smaller variants are made from that, not from the original again.
      const largest = await sharp(input, {
        limitInputPixels: maxPixels,
        failOn: "error",
        pages: 1,
        sequentialRead: true,
      })
        .rotate()
        .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width, height, channels } = largest.info;
      variants = await Promise.all(
        IMAGE_WIDTHS.map(async (w) => {
          const { data, info } = await sharp(largest.data, { raw: { width, height, channels } })
            .resize({ width: w, withoutEnlargement: true })
            .webp({ quality: 80, effort: encodeOptions.effort ?? 4 })
            .toBuffer({ resolveWithObject: true });
          return { width: w, data, info };
        }),
      );
    } catch {
      throw new UnsupportedMediaType(MSG.image.notImage);
    }
    const largest = variants[variants.length - 1]!;
    const key = createHash("sha256").update(largest.data).digest("hex").slice(0, 32);
    return {
      key,
      width: largest.info.width,
      height: largest.info.height,
      variants: variants.map(({ width, data }) => ({ width, data })),
    };
  }

  async function write(image: EncodedImage): Promise<void> {
    await Promise.all(image.variants.map((v) => files.put(imageFileName(image.key, v.width), v.data)));
  }

  return {
    files,
    encode: queued,
    write,
    async process(input) {
      const image = await queued(input);
      await write(image);
      return { key: image.key, width: image.width, height: image.height };
    },
    queue: limit,
  };
}

/**
 * Processes an upload and records it; identical content is stored once. The row is written first, and
 * an existing one (the same picture uploaded before) has its time refreshed: the clean-up only takes
 * rows untouched for its grace period, so one about to be referenced by this request is safe. A row
 * the clean-up is deleting at this very moment stays locked until its files are gone; the insert
 * waits for that, and the files are written after it.
 */
export async function saveImage(db: Db, store: ImageStore, input: Buffer): Promise<StoredImage> {
  const { variants, ...img } = await store.encode(input);
  await db
    .insert(images)
    .values(img)
    .onConflictDoUpdate({ target: images.key, set: { createdAt: sql`now()` } });
  await store.write({ ...img, variants });
  return img;
}
