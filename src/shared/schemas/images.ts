import { z } from "zod";

/** A processed image as the browser needs it: a default URL, a srcset and its intrinsic size. */
export const ImageSchema = z.object({
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Image = z.infer<typeof ImageSchema>;

export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * The most megapixels an upload may have, by format (as sharp names it; AVIF is "heif"), so that one
 * costs about 0.3 s of CPU and well under 64 MB at most (bench/images.ts measures it; figures and
 * reasons in docs/decisions/011-image-cost-limits.md). JPEG is decoded straight at a fraction of its
 * size and PNG streams through the resize; the others are decoded whole, AVIF at a high price.
 */
export const MAX_IMAGE_MEGAPIXELS = {
  jpeg: 32,
  png: 32,
  webp: 8,
  gif: 8,
  tiff: 8,
  heif: 2,
} as const satisfies Record<string, number>;
export type ImageFormat = keyof typeof MAX_IMAGE_MEGAPIXELS;
