import { useEffect, useState } from "react";
import { z } from "zod";
import { MSG } from "#shared/messages.ts";
import { MAX_IMAGE_BYTES } from "#shared/schemas/images.ts";

/**
 * A form's photo field (a file input's FileList). Checked here only for presence and size: the
 * server decides whether it really is an image.
 */
export const photoFileSchema = (requiredMessage: string) =>
  z
    .custom<FileList>((v) => typeof FileList !== "undefined" && v instanceof FileList && v.length > 0, {
      error: requiredMessage,
    })
    .refine((files) => (files[0]?.size ?? 0) <= MAX_IMAGE_BYTES, { error: MSG.image.tooLarge });

/**
 * A form's list of photos (1 to `max`), each a file chosen on this device or one the server already
 * has (`file: null`). Chosen files are checked for size only, as above.
 */
export const photoListSchema = <T extends { file: File | null }>(
  requiredMessage: string,
  max: number,
  tooManyMessage: string,
) =>
  z
    .array(z.custom<T>())
    .min(1, { error: requiredMessage })
    .max(max, { error: tooManyMessage })
    .refine((items) => items.every((item) => (item.file?.size ?? 0) <= MAX_IMAGE_BYTES), {
      error: MSG.image.tooLarge,
    });

/** Whether a chosen file is too large to send (the server would refuse it with a 413). */
export const isTooLarge = (file: File) => file.size > MAX_IMAGE_BYTES;

/** A preview of the chosen photo, released when it changes so it holds no memory after. */
export function usePreviewUrl(file: File | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file?.type.startsWith("image/")) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
