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
export const MAX_IMAGE_PIXELS = 40_000_000;
