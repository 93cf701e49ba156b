import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expectProblem, setupTestApp } from "#server/test/app.ts";
import { signup } from "#server/test/auth.ts";
import { jpeg, jpegPart } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import { createDiskFiles } from "./files.ts";
import { createImageStore, IMAGE_CONCURRENCY, IMAGE_QUEUE_MAX, IMAGE_QUEUE_RETRY_AFTER_S } from "./store.ts";

/** A store whose encodes wait until the test lets them go, to fill its queue. */
function heldStore(dir: string) {
  const held: (() => void)[] = [];
  const store = createImageStore(createDiskFiles(dir), {
    onEncodeStart: () => new Promise<void>((resolve) => held.push(resolve)),
  });
  const releaseAll = () => {
    for (const go of held.splice(0)) go();
  };
  return { store, held, releaseAll };
}

describe("the image queue is bounded (each waiting upload holds its body in memory)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-queue-"));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("refuses at once with 503 and Retry-After past the waiting places, and takes uploads again once one frees", async () => {
    const { store, held, releaseAll } = heldStore(dir);
    const input = await jpeg();
    // Started in one tick: none has its turn yet when the last one asks.
    const admitted = Array.from({ length: IMAGE_CONCURRENCY + IMAGE_QUEUE_MAX }, () => store.encode(input));
    await expect(store.encode(input)).rejects.toMatchObject({
      status: 503,
      message: MSG.image.busy,
      retryAfterSeconds: IMAGE_QUEUE_RETRY_AFTER_S,
    });
    await vi.waitFor(() => expect(held).toHaveLength(IMAGE_CONCURRENCY));
    expect(store.queue.pendingCount).toBe(IMAGE_QUEUE_MAX);
    await expect(store.process(input)).rejects.toMatchObject({ status: 503 });

    held.shift()!();
    await vi.waitFor(() => expect(store.queue.pendingCount).toBe(IMAGE_QUEUE_MAX - 1));
    const later = store.encode(input);
    const waitingAll = vi.waitFor(
      () => {
        releaseAll();
        expect(store.queue.activeCount + store.queue.pendingCount).toBe(0);
      },
      { timeout: 10_000 },
    );
    await Promise.all([...admitted, later, waitingAll]);
  });

  describe("through the API", () => {
    const t = setupTestApp();

    it("a sign-up whose photo finds the queue full gets 503 problem+json with Retry-After", async () => {
      const { store, releaseAll } = heldStore(path.join(dir, "api"));
      const original = t.app.images;
      t.app.images = store;
      try {
        const input = await jpeg();
        const filling = Array.from({ length: IMAGE_CONCURRENCY + IMAGE_QUEUE_MAX }, () =>
          store.encode(input),
        );
        const res = await signup(t.app, { photo: jpegPart(input, "me.jpg") });
        expect(expectProblem(res, 503).detail).toBe(MSG.image.busy);
        expect(res.headers["retry-after"]).toBe(String(IMAGE_QUEUE_RETRY_AFTER_S));
        const drained = vi.waitFor(() => {
          releaseAll();
          expect(store.queue.activeCount + store.queue.pendingCount).toBe(0);
        });
        await Promise.all([...filling, drained]);
      } finally {
        t.app.images = original;
      }
    });
  });
});
