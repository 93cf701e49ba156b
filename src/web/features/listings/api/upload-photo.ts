import type { ListingPhoto } from "#shared/schemas/listings.ts";
import { sendWithProgress } from "./send-with-progress.ts";

/**
 * Uploads one photo for a listing being edited (`POST /api/listings/photos`); its id then goes into
 * the listing's `photoIds`. `onProgress` gets the share sent, 0 to 1; `signal` stops it.
 */
export async function uploadListingPhoto(
  file: File,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<ListingPhoto> {
  const body = new FormData();
  body.set("photo", file);
  const { photo } = await sendWithProgress<{ photo: ListingPhoto }>("/api/listings/photos", body, {
    onProgress: (loaded, total) => onProgress(total > 0 ? loaded / total : 0),
    signal,
  });
  return photo;
}
