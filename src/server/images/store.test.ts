import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jpeg } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import { IMAGE_WIDTHS, MAX_IMAGE_MEGAPIXELS } from "#shared/schemas/images.ts";
import { createDiskFiles } from "./files.ts";
import { createImageStore, type ImageStore } from "./store.ts";
import { pngHeaderOnly } from "./testing.ts";

describe("createImageStore", () => {
  let dir: string;
  let store: ImageStore;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-images-"));
    store = createImageStore(createDiskFiles(dir));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  const base = () => sharp({ create: { width: 900, height: 600, channels: 3, background: "#0d9488" } });

  it.each([
    ["PNG", () => base().png().toBuffer()],
    ["WebP", () => base().webp().toBuffer()],
    ["AVIF", () => base().avif().toBuffer()],
  ])("reads %s by its bytes and stores three WebP variants", async (_, make) => {
    const img = await store.process(await make());
    expect(img).toEqual({ key: expect.stringMatching(/^[0-9a-f]{32}$/), width: 900, height: 600 });
    for (const width of IMAGE_WIDTHS) {
      const meta = await sharp(path.join(dir, `${img.key}-${width}.webp`)).metadata();
      expect([meta.format, meta.width]).toEqual(["webp", Math.min(width, 900)]);
    }
  });

  it.each([
    ["an empty file", () => Buffer.alloc(0)],
    [
      "an SVG (a script-carrying format we never accept)",
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ),
    ],
    ["a PDF", () => Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n")],
    ["a truncated JPEG", async () => (await jpeg(800, 600)).subarray(0, 300)],
  ])("refuses %s with 415", async (_, make) => {
    const before = (await fs.readdir(dir)).length;
    await expect(store.process(await make())).rejects.toMatchObject({
      status: 415,
      message: MSG.image.notImage,
    });
    expect((await fs.readdir(dir)).length).toBe(before);
  });

  it.each([
    ["just over 32 megapixels", 8000, 4001],
    ["a hundred thousand pixels square", 100_000, 100_000],
  ])("refuses a PNG claiming %s with 413 and writes nothing", async (_, width, height) => {
    const before = (await fs.readdir(dir)).length;
    await expect(store.process(pngHeaderOnly(width, height))).rejects.toMatchObject({
      status: 413,
      message: MSG.image.tooManyPixels,
    });
    expect((await fs.readdir(dir)).length).toBe(before);
  });

  const solid = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#4d7c0f" } });

  it.each([
    ["a JPEG", "jpeg", (w: number, h: number) => solid(w, h).jpeg().toBuffer()],
    ["a WebP", "webp", (w: number, h: number) => solid(w, h).webp().toBuffer()],
    ["an AVIF", "heif", (w: number, h: number) => solid(w, h).avif({ effort: 0 }).toBuffer()],
  ] as const)(
    "stores %s of exactly its pixel limit and refuses one a row taller with 413",
    async (_, format, make) => {
      const width = 2000;
      const height = (MAX_IMAGE_MEGAPIXELS[format] * 1_000_000) / width;
      const atLimit = await store.process(await make(width, height));
      expect(atLimit).toMatchObject({ width: 1280, height: Math.round((1280 * height) / width) });

      const over = await make(width, height + 1);
      expect((await sharp(over).metadata()).format).toBe(format);
      const before = (await fs.readdir(dir)).length;
      await expect(store.process(over)).rejects.toMatchObject({
        status: 413,
        message: MSG.image.tooManyPixels,
      });
      expect((await fs.readdir(dir)).length).toBe(before);
    },
  );

  it("encodes at libwebp's default effort unless asked for less (the demo's drawings: quicker, a little larger)", async () => {
    const drawing = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800">${Array.from(
          { length: 60 },
          (_, i) =>
            `<circle cx="${(i * 97) % 1280}" cy="${(i * 53) % 800}" r="${20 + (i % 7) * 9}" fill="hsl(${i * 37},70%,50%)"/>`,
        ).join("")}</svg>`,
      ),
    )
      .png()
      .toBuffer();
    const sizes = async (options?: { effort: number }) =>
      (await store.encode(drawing, options)).variants.map((v) => v.data.length);
    const byDefault = await sizes();
    expect(await sizes({ effort: 4 })).toEqual(byDefault);
    expect(await sizes({ effort: 0 })).not.toEqual(byDefault);
  });

  it("says every pixel limit in megapixels when it refuses", () => {
    for (const mp of Object.values(MAX_IMAGE_MEGAPIXELS)) expect(MSG.image.tooManyPixels).toContain(`${mp}`);
    expect(MSG.image.tooManyPixels).toContain(`${MAX_IMAGE_MEGAPIXELS.jpeg} megapixels`);
  });

  it("encodes at most two uploads at once; the others queue and all are stored", async () => {
    const held: (() => void)[] = [];
    let mostAtOnce = 0;
    const queued = createImageStore(createDiskFiles(dir), {
      onEncodeStart: () =>
        new Promise<void>((resolve) => {
          mostAtOnce = Math.max(mostAtOnce, queued.queue.activeCount);
          held.push(resolve);
        }),
    });
    const colours = ["#ef4444", "#f97316", "#eab308", "#22c55e", "#3b82f6"];
    const inputs = await Promise.all(colours.map((c) => jpeg(300, 200, c)));
    const jobs = inputs.map((input) => queued.process(input));

    await vi.waitFor(() => expect(held).toHaveLength(2));
    expect([queued.queue.activeCount, queued.queue.pendingCount]).toEqual([2, 3]);
    // Each one let through frees exactly one place.
    for (let released = 0; released < inputs.length; released++) {
      held[released]!();
      const started = Math.min(released + 3, inputs.length);
      await vi.waitFor(() => expect(held).toHaveLength(started));
    }
    const stored = await Promise.all(jobs);
    expect(new Set(stored.map((s) => s.key)).size).toBe(inputs.length);
    expect(mostAtOnce).toBe(2);
    expect([queued.queue.activeCount, queued.queue.pendingCount]).toEqual([0, 0]);
  });

  it("the same photo processed at once by several requests is stored once, whole", async () => {
    const input = await jpeg(1400, 900, "#be185d");
    const results = await Promise.all([store.process(input), store.process(input), store.process(input)]);
    expect(new Set(results.map((r) => r.key)).size).toBe(1);
    const names = (await fs.readdir(dir)).filter((n) => n.startsWith(results[0]!.key));
    expect(names.sort()).toEqual(IMAGE_WIDTHS.map((w) => `${results[0]!.key}-${w}.webp`).sort());
  });
});
