import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { MSG } from "#shared/messages.ts";
import { IMAGE_WIDTHS, type Image, MAX_IMAGE_PIXELS } from "#shared/schemas/images.ts";
import type { Db } from "../db/client.ts";
import { images } from "../db/schema.ts";
import { PayloadTooLarge, UnsupportedMediaType } from "../errors.ts";

/** Formats we accept, as sharp names them after sniffing the bytes (the file name and MIME type are ignored). */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);

export type StoredImage = { key: string; width: number; height: number };

export const IMAGE_URL_PREFIX = "/images/";

export function imageFileName(key: string, width: number): string {
  return `${key}-${width}.webp`;
}

/** The browser's view of a stored image: the 640px variant as `src`, every variant in `srcSet`. */
export function toImage(img: StoredImage): Image {
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const w of IMAGE_WIDTHS) {
    const actual = Math.min(w, img.width);
    if (seen.has(actual)) continue;
    seen.add(actual);
    parts.push(`${IMAGE_URL_PREFIX}${imageFileName(img.key, w)} ${actual}w`);
  }
  return {
    src: `${IMAGE_URL_PREFIX}${imageFileName(img.key, 640)}`,
    srcSet: parts.join(", "),
    width: img.width,
    height: img.height,
  };
}

export type ImageStore = {
  dir: string;
  /** Sniffs, checks, strips metadata, auto-rotates and writes the WebP variants; returns the key. */
  process(input: Buffer): Promise<StoredImage>;
};

export function createImageStore(dir: string): ImageStore {
  return {
    dir,
    async process(input) {
      let meta: Metadata;
      try {
        // Reads only the header: the pixel count is checked before anything is decoded.
        meta = await sharp(input, { limitInputPixels: false }).metadata();
      } catch {
        throw new UnsupportedMediaType(MSG.image.notImage);
      }
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
        throw new UnsupportedMediaType(MSG.image.notImage);
      }
      if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new PayloadTooLarge(MSG.image.tooManyPixels);

      const base = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", pages: 1 }).rotate();
      let variants: { width: number; data: Buffer; info: OutputInfo }[];
      try {
        variants = await Promise.all(
          IMAGE_WIDTHS.map(async (width) => {
            const { data, info } = await base
              .clone()
              .resize({ width, withoutEnlargement: true })
              .webp({ quality: 80 })
              .toBuffer({ resolveWithObject: true });
            return { width, data, info };
          }),
        );
      } catch {
        throw new UnsupportedMediaType(MSG.image.notImage);
      }
      const largest = variants[variants.length - 1]!;
      const key = createHash("sha256").update(largest.data).digest("hex").slice(0, 32);
      await fs.mkdir(dir, { recursive: true });
      await Promise.all(
        variants.map(async (v) => {
          const file = path.join(dir, imageFileName(key, v.width));
          // Unique per write: the same photo may be written at once by two requests or two nodes sharing the disk.
          const tmp = `${file}.${randomUUID()}.tmp`;
          await fs.writeFile(tmp, v.data);
          await fs.rename(tmp, file);
        }),
      );
      return { key, width: largest.info.width, height: largest.info.height };
    },
  };
}

/** Processes an upload and records it; identical content is stored once. */
export async function saveImage(db: Db, store: ImageStore, input: Buffer): Promise<StoredImage> {
  const img = await store.process(input);
  await db.insert(images).values(img).onConflictDoNothing();
  return img;
}
