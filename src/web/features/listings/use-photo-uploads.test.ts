import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { ListingPhoto } from "#shared/schemas/listings.ts";
import { mockApi } from "#web/test/render.tsx";
import { stubXhr } from "#web/test/xhr.ts";
import { uploadListingPhoto } from "./api/upload-photo.ts";
import { newPhotoItem, type PhotoItem, savedPhotoItem } from "./photo-manager.tsx";
import { type UploadPhoto, usePhotoUploads } from "./use-photo-uploads.ts";

const photo = (id: string): ListingPhoto => ({
  id,
  src: `/images/${id}-640.webp`,
  srcSet: `/images/${id}-320.webp 320w`,
  width: 640,
  height: 480,
});
const file = (name: string, bytes = 1000) =>
  new File([new Uint8Array(bytes).fill(137)], name, { type: "image/png" });
const chosen = (name: string, bytes?: number) => newPhotoItem(file(name, bytes));

/**
 * `POST /api/listings/photos` through the fake XMLHttpRequest, held until the test finishes each
 * one; the server answers a photo by its file name (`rear.png` → the photo `rear`) unless `refuse`
 * names it.
 */
function photoServer({ refuse = new Set<string>() } = {}) {
  mockApi({
    "POST /api/listings/photos": (init) => {
      const name = ((init!.body as FormData).get("photo") as File).name;
      if (refuse.delete(name)) {
        return {
          status: 415,
          body: { type: "about:blank", title: "Unsupported", status: 415, detail: MSG.image.notImage },
        };
      }
      return { status: 201, body: { photo: photo(name.replace(/\.png$/, "")) } };
    },
  });
  const xhr = stubXhr({ hold: true });
  /** The file names of the uploads sent so far, in the order they left. */
  const names = () => xhr.sent.map((s) => ((s.body as FormData).get("photo") as File).name);
  /** The upload of this file (the latest, when it was sent more than once). */
  const of = (name: string) => xhr.sent[names().lastIndexOf(name)]!;
  return { xhr, names, of };
}

/** Starts `uploadAll` inside act (it sets every bar at 0 at once) and hands back its promise. */
function startAll(result: { current: ReturnType<typeof usePhotoUploads> }, photos: PhotoItem[]) {
  let done!: Promise<string[] | null>;
  act(() => {
    done = result.current.uploadAll(photos);
  });
  return done;
}

afterEach(() => vi.unstubAllGlobals());

describe("usePhotoUploads", () => {
  it("sends two photos at a time, the next as soon as one is done", async () => {
    const server = photoServer();
    const { result } = renderHook(() => usePhotoUploads(uploadListingPhoto));
    const [a, b, c] = [chosen("a.png"), chosen("b.png"), chosen("c.png")];

    const done = startAll(result, [a!, b!, c!]);
    await waitFor(() => expect(server.names()).toEqual(["a.png", "b.png"]));
    expect(result.current.statuses).toEqual({ [a!.key]: { sent: 0 }, [b!.key]: { sent: 0 } });

    // The second is done first: the third takes its place while the first still travels.
    await server.of("b.png").finish();
    await waitFor(() => expect(server.names()).toEqual(["a.png", "b.png", "c.png"]));
    expect(server.of("a.png").aborted).toBe(false);
    await server.of("a.png").finish();
    await server.of("c.png").finish();
    expect(await done).toEqual(["a", "b", "c"]);
    expect(server.names()).toHaveLength(3);
  });

  it("follows each photo's bytes, then keeps the server's photo", async () => {
    const server = photoServer();
    const { result } = renderHook(() => usePhotoUploads(uploadListingPhoto));
    const rear = chosen("rear.png");

    const done = startAll(result, [rear]);
    await waitFor(() => expect(server.names()).toEqual(["rear.png"]));
    server.of("rear.png").progress(0.4);
    expect(result.current.statuses[rear.key]).toEqual({ sent: 0.4 });
    server.of("rear.png").progress(1);
    expect(result.current.statuses[rear.key]).toEqual({ sent: 1 });

    await server.of("rear.png").finish();
    expect(await done).toEqual(["rear"]);
    expect(result.current.statuses[rear.key]).toEqual({ uploaded: photo("rear") });
  });

  it("says why a photo failed, and a retry sends that photo alone; the photos up are not sent again", async () => {
    const server = photoServer({ refuse: new Set(["tank.png"]) });
    const { result } = renderHook(() => usePhotoUploads(uploadListingPhoto));
    const [rear, tank] = [chosen("rear.png"), chosen("tank.png")];
    const photos = [savedPhotoItem(photo("front")), rear, tank];

    const first = startAll(result, photos);
    await waitFor(() => expect(server.names()).toEqual(["rear.png", "tank.png"]));
    await server.of("rear.png").finish();
    await server.of("tank.png").finish();
    expect(await first).toBeNull();
    expect(result.current.statuses[tank.key]).toEqual({ error: MSG.image.notImage });
    expect(result.current.statuses[rear.key]).toEqual({ uploaded: photo("rear") });
    expect(result.current.firstError(photos)).toBe(MSG.image.notImage);

    act(() => result.current.retry(tank));
    await waitFor(() => expect(server.names()).toEqual(["rear.png", "tank.png", "tank.png"]));
    expect(result.current.statuses[tank.key]).toEqual({ sent: 0 });
    await server.of("tank.png").finish();
    await waitFor(() => expect(result.current.statuses[tank.key]).toEqual({ uploaded: photo("tank") }));
    expect(result.current.firstError(photos)).toBeUndefined();

    expect(await startAll(result, photos)).toEqual(["front", "rear", "tank"]);
    expect(server.names()).toHaveLength(3);
  });

  it("hands back the ids in the photos' order, whichever upload ends first", async () => {
    const server = photoServer();
    const { result } = renderHook(() => usePhotoUploads(uploadListingPhoto));
    const photos = [
      chosen("rear.png"),
      savedPhotoItem(photo("front")),
      chosen("tank.png"),
      savedPhotoItem(photo("side")),
      chosen("seat.png"),
    ];

    const done = startAll(result, photos);
    await waitFor(() => expect(server.names()).toEqual(["rear.png", "tank.png"]));
    await server.of("tank.png").finish();
    await waitFor(() => expect(server.names()).toContain("seat.png"));
    await server.of("seat.png").finish();
    await server.of("rear.png").finish();
    expect(await done).toEqual(["rear", "front", "tank", "side", "seat"]);
  });

  it("waits for a photo already on its way (a retry) instead of sending it twice", async () => {
    const server = photoServer();
    const { result } = renderHook(() => usePhotoUploads(uploadListingPhoto));
    const rear = chosen("rear.png");

    act(() => result.current.retry(rear));
    await waitFor(() => expect(server.names()).toEqual(["rear.png"]));
    server.of("rear.png").progress(0.5);
    const done = startAll(result, [rear]);
    expect(result.current.statuses[rear.key]).toEqual({ sent: 0.5 });
    await server.of("rear.png").finish();
    expect(await done).toEqual(["rear"]);
    expect(server.names()).toEqual(["rear.png"]);
  });

  it("stops a removed photo's upload and forgets it; the others go on", async () => {
    const server = photoServer();
    const { result } = renderHook(() => usePhotoUploads(uploadListingPhoto));
    const [rear, tank] = [chosen("rear.png"), chosen("tank.png")];

    act(() => {
      result.current.retry(rear);
      result.current.retry(tank);
    });
    await waitFor(() => expect(server.names()).toEqual(["rear.png", "tank.png"]));
    server.of("tank.png").progress(0.5);

    act(() => result.current.keepOnly([rear]));
    expect(server.of("tank.png").aborted).toBe(true);
    expect(server.of("rear.png").aborted).toBe(false);
    expect(result.current.statuses).toEqual({ [rear.key]: { sent: 0 } });

    await server.of("rear.png").finish();
    await waitFor(() => expect(result.current.statuses[rear.key]).toEqual({ uploaded: photo("rear") }));
    expect(result.current.statuses).not.toHaveProperty(tank.key);
  });

  it("ignores what a removed photo's upload says after, even one that did not stop", async () => {
    // An upload that answers whether or not it was asked to stop.
    let answer!: (photo: ListingPhoto) => void;
    let progress!: (sent: number) => void;
    const uploadPhoto = vi.fn<UploadPhoto>(
      (_file, onProgress) =>
        new Promise((resolve) => {
          progress = onProgress;
          answer = resolve;
        }),
    );
    const { result } = renderHook(() => usePhotoUploads(uploadPhoto));
    const rear = chosen("rear.png");

    act(() => result.current.retry(rear));
    act(() => result.current.keepOnly([]));
    expect(uploadPhoto.mock.calls[0]![2].aborted).toBe(true);
    await act(async () => {
      progress(0.7);
      answer(photo("rear"));
    });
    expect(result.current.statuses).toEqual({});
    // Chosen again later (the same item back), it goes up afresh.
    act(() => result.current.retry(rear));
    expect(uploadPhoto).toHaveBeenCalledTimes(2);
    expect(result.current.statuses).toEqual({ [rear.key]: { sent: 0 } });
  });

  it("moves each photo's bar by its own part of one request, the fields first (Add)", () => {
    const { result } = renderHook(() => usePhotoUploads());
    const [front, side] = [chosen("front.png", 1000), chosen("side.png", 3000)];
    const fields = 200;
    const total = fields + 4000;

    let onProgress!: (loaded: number, total: number) => void;
    act(() => {
      onProgress = result.current.trackRequest([front, side]);
    });
    expect(result.current.statuses).toEqual({ [front.key]: { sent: 0 }, [side.key]: { sent: 0 } });

    act(() => onProgress(fields / 2, total));
    expect(result.current.statuses).toEqual({ [front.key]: { sent: 0 }, [side.key]: { sent: 0 } });
    act(() => onProgress(fields + 250, total));
    expect(result.current.statuses).toEqual({ [front.key]: { sent: 0.25 }, [side.key]: { sent: 0 } });
    act(() => onProgress(fields + 1000 + 1500, total));
    expect(result.current.statuses).toEqual({ [front.key]: { sent: 1 }, [side.key]: { sent: 0.5 } });

    act(() => result.current.reset());
    expect(result.current.statuses).toEqual({});
  });
});
