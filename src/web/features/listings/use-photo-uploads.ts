import { useRef, useState } from "react";
import type { ListingPhoto } from "#shared/schemas/listings.ts";
import { errorMessage } from "#web/lib/api-client.ts";
import type { UploadProgress } from "./api/send-with-progress.ts";
import type { PhotoItem, PhotoStatus } from "./photo-manager.tsx";

/** Sends one photo on its own; `onProgress` gets the share sent (0 to 1); `signal` stops it. */
export type UploadPhoto = (
  file: File,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
) => Promise<ListingPhoto>;

/** How many photos go up at once: the server resizes two at a time too. */
const PARALLEL_UPLOADS = 2;

export type PhotoUploads = {
  /** Each photo's upload by its key, for its progress bar, its "Uploaded" or its error. */
  statuses: Record<string, PhotoStatus>;
  /**
   * Edit: sends every chosen photo that is not up yet, two at a time (one already on its way is
   * awaited, not sent again). Every photo's id in the photos' order, or null when any failed.
   */
  uploadAll: (photos: PhotoItem[]) => Promise<string[] | null>;
  /** Sends one photo again, after it failed. */
  retry: (photo: PhotoItem) => void;
  /**
   * Add: the photos go in one request after the fields. Sets every bar at 0 and returns the
   * request's progress, which moves each photo's bar by its own part of the body, in order.
   */
  trackRequest: (photos: PhotoItem[]) => UploadProgress;
  /** Why the first of these photos that failed did, in their order. */
  firstError: (photos: PhotoItem[]) => string | undefined;
  /** The photos now in the form: a removed photo's status is forgotten and its upload, if on its way, stopped. */
  keepOnly: (photos: PhotoItem[]) => void;
  /** Forgets every photo's upload (a fresh form), stopping any on its way. */
  reset: () => void;
};

type InFlight = { done: Promise<boolean>; stop: AbortController };

/**
 * The photo uploads of the listing form: each photo's progress and outcome, by its key. Without
 * `uploadPhoto` (Add) the photos travel with the form in one request and only `trackRequest`
 * applies; with it (Edit) each photo goes up on its own.
 */
export function usePhotoUploads(uploadPhoto?: UploadPhoto): PhotoUploads {
  const [statuses, setStatuses] = useState<Record<string, PhotoStatus>>({});
  // The submit reads what has finished between renders, so the map lives in a ref too.
  const statusesRef = useRef(statuses);
  const inFlight = useRef(new Map<string, InFlight>());

  const setAll = (next: Record<string, PhotoStatus>) => {
    statusesRef.current = next;
    setStatuses(next);
  };
  const setStatus = (key: string, status: PhotoStatus | undefined) => {
    const { [key]: _, ...rest } = statusesRef.current;
    setAll(status ? { ...rest, [key]: status } : rest);
  };

  /** True once the photo is up; false when it failed, was stopped, or cannot be sent on its own. */
  const upload = (item: PhotoItem): Promise<boolean> => {
    const running = inFlight.current.get(item.key);
    if (running) return running.done;
    const file = item.file;
    if (!uploadPhoto || !file) return Promise.resolve(false);
    const entry: InFlight = { done: Promise.resolve(false), stop: new AbortController() };
    // A photo removed (or the form reset) meanwhile is no longer this upload's to report on.
    const current = () => inFlight.current.get(item.key) === entry;
    inFlight.current.set(item.key, entry);
    setStatus(item.key, { sent: 0 });
    entry.done = (async () => {
      try {
        const photo = await uploadPhoto(
          file,
          (sent) => {
            if (current()) setStatus(item.key, { sent });
          },
          entry.stop.signal,
        );
        if (!current()) return false;
        inFlight.current.delete(item.key);
        setStatus(item.key, { uploaded: photo });
        return true;
      } catch (err) {
        if (!current()) return false;
        inFlight.current.delete(item.key);
        setStatus(item.key, { error: errorMessage(err) });
        return false;
      }
    })();
    return entry.done;
  };

  const uploadAll = async (photos: PhotoItem[]): Promise<string[] | null> => {
    const queue = photos.filter((p) => p.file && !statusesRef.current[p.key]?.uploaded);
    let allUp = true;
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        if (!(await upload(item))) allUp = false;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));
    if (!allUp) return null;
    return photos.map((p) => p.saved?.id ?? statusesRef.current[p.key]?.uploaded?.id ?? "");
  };

  const trackRequest = (photos: PhotoItem[]): UploadProgress => {
    for (const photo of photos) setStatus(photo.key, { sent: 0 });
    return (loaded, total) => {
      const sizes = photos.map((p) => p.file?.size ?? 0);
      let start = total - sizes.reduce((a, b) => a + b, 0);
      photos.forEach((photo, i) => {
        const size = sizes[i]!;
        const sent = size === 0 ? Number(loaded >= start) : (loaded - start) / size;
        setStatus(photo.key, { sent: Math.min(Math.max(sent, 0), 1) });
        start += size;
      });
    };
  };

  const keepOnly = (photos: PhotoItem[]) => {
    const kept = new Set(photos.map((p) => p.key));
    for (const [key, entry] of inFlight.current) {
      if (kept.has(key)) continue;
      inFlight.current.delete(key);
      entry.stop.abort();
    }
    const gone = Object.keys(statusesRef.current).filter((key) => !kept.has(key));
    if (gone.length > 0) {
      setAll(Object.fromEntries(Object.entries(statusesRef.current).filter(([key]) => kept.has(key))));
    }
  };

  return {
    statuses,
    uploadAll,
    retry: (photo) => void upload(photo),
    trackRequest,
    firstError: (photos) => photos.map((p) => statusesRef.current[p.key]?.error).find(Boolean),
    keepOnly,
    reset: () => keepOnly([]),
  };
}
