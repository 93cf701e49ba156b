import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, multipart, setupTestApp } from "#server/test/app.ts";
import { jpeg, STRONG_PASSWORD, signedInUser, uniqueEmail } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { Image } from "#shared/schemas/images.ts";
import { IMAGE_WIDTHS, MAX_IMAGE_MEGAPIXELS } from "#shared/schemas/images.ts";
import { createImageStore, type ImageStore } from "./store.ts";

type Upload = { data: Buffer; filename: string; type?: string };

function keyOf(image: Image): string {
  const m = /^\/images\/([0-9a-f]+)-640\.webp$/.exec(image.src);
  if (!m) throw new Error(`unexpected image src ${image.src}`);
  return m[1]!;
}

/** Whether EXIF (as sharp returns it: `Exif\0\0` + TIFF) has a GPS IFD pointer (tag 0x8825) in IFD0. */
function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0);
  const le = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

/** A PNG that claims `width`×`height` pixels but holds a few bytes: only a header, a tiny IDAT and IEND. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** 1600×1200, red on top and blue below, so a turn shows which way it went. */
function twoTone(): Promise<Sharp> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#ff0000" } })
    .composite([
      {
        input: { create: { width: 1600, height: 600, channels: 3, background: "#0000ff" } },
        top: 600,
        left: 0,
      },
    ])
    .png()
    .toBuffer()
    .then((b) => sharp(b));
}

async function pixel(file: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

describe("the image pipeline, through the API", () => {
  const t = setupTestApp();

  let sellerCookie: string;
  beforeAll(async () => {
    sellerCookie = (await signedInUser(t.app, { role: "seller" })).cookie;
  });

  /** A seller posting a bike with this photo: the listing's upload path. */
  async function postListingPhoto(photo: Upload) {
    const form = await multipart({
      model: "Suzuki Gixxer SF",
      engineCc: "155",
      category: "sports",
      brand: "Suzuki",
      brandNewPrice: "285000",
      askingPrice: "210000",
      totalUsed: "1 year",
      photo,
    });
    return call(t.app, { method: "POST", url: "/api/listings", cookie: sellerCookie, ...form });
  }

  /** Someone signing up with this photo: the profile photo's upload path. */
  async function signUpWithPhoto(photo: Upload) {
    const form = await multipart({
      name: "Nadia",
      email: uniqueEmail("photo"),
      role: "buyer",
      password: STRONG_PASSWORD,
      photo,
    });
    return call(t.app, { method: "POST", url: "/api/auth/signup", ...form });
  }

  const uploads = [
    ["listing photo", postListingPhoto, (body: { listing: { photo: Image } }) => body.listing.photo],
    ["sign-up photo", signUpWithPhoto, (body: { user: { photo: Image } }) => body.user.photo],
  ] as const;

  /** Every stored WebP variant of an image, read straight from the app's image directory. */
  function storedVariants(key: string): Promise<{ width: number; file: Buffer }[]> {
    return Promise.all(
      IMAGE_WIDTHS.map(async (width) => ({
        width,
        file: await fs.readFile(path.join(t.config.imageDir, `${key}-${width}.webp`)),
      })),
    );
  }

  async function storedFileCount(): Promise<number> {
    return (await fs.readdir(t.config.imageDir)).length;
  }

  describe.each(uploads)("uploading a %s", (_, upload, photoOf) => {
    it("strips EXIF and GPS from every stored variant", async () => {
      const withGps = await sharp({
        create: { width: 1600, height: 1200, channels: 3, background: "#16a34a" },
      })
        .jpeg()
        .withExif({
          IFD0: { Make: "MotoCam", Model: "Spy 3000" },
          IFD3: {
            GPSLatitudeRef: "N",
            GPSLatitude: "23/1 48/1 3600/100",
            GPSLongitudeRef: "E",
            GPSLongitude: "90/1 24/1 3600/100",
            GPSMapDatum: "WGS-84",
          },
        })
        .toBuffer();
      const before = await sharp(withGps).metadata();
      expect(before.exif, "the test input must carry EXIF").toBeDefined();
      expect(exifHasGps(before.exif!), "the test input must carry GPS").toBe(true);

      const res = await upload({ data: withGps, filename: "IMG_0001.jpg", type: "image/jpeg" });
      expect(res.statusCode, res.body).toBe(201);
      const variants = await storedVariants(keyOf(photoOf(res.json())));
      expect(variants).toHaveLength(3);
      for (const { width, file } of variants) {
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(width);
        expect(meta.exif, `EXIF left in the ${width}px variant`).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(file.includes("WGS-84") || file.includes("MotoCam")).toBe(false);
      }
    });

    it("turns a photo upright by its EXIF orientation (6: turn right) and drops the tag", async () => {
      const input = await (await twoTone()).jpeg().withMetadata({ orientation: 6 }).toBuffer();
      expect((await sharp(input).metadata()).orientation).toBe(6);

      const res = await upload({ data: input, filename: "portrait.jpg", type: "image/jpeg" });
      expect(res.statusCode, res.body).toBe(201);
      const photo = photoOf(res.json());
      expect(photo).toMatchObject({ width: 1200, height: 1600 });
      for (const { width, file } of await storedVariants(keyOf(photo))) {
        const meta = await sharp(file).metadata();
        const expectedWidth = Math.min(width, 1200);
        expect([meta.width, meta.height]).toEqual([expectedWidth, Math.round((expectedWidth * 4) / 3)]);
        expect(meta.orientation ?? 1).toBe(1);
      }
      // Turned right, the red top of the original is now the right-hand side.
      const [small] = await storedVariants(keyOf(photo));
      const [left, right] = await Promise.all([pixel(small!.file, 20, 200), pixel(small!.file, 300, 200)]);
      expect(left[2]).toBeGreaterThan(200);
      expect(left[0]).toBeLessThan(60);
      expect(right[0]).toBeGreaterThan(200);
      expect(right[2]).toBeLessThan(60);
    });

    it("refuses a text file named .jpg with 415 and says why", async () => {
      const filesBefore = await storedFileCount();
      const res = await upload({
        data: Buffer.from("just some notes, not a photo\n".repeat(40)),
        filename: "bike.jpg",
        type: "image/jpeg",
      });
      expect(res.statusCode, res.body).toBe(415);
      expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(res.json().detail).toBe(MSG.image.notImage);
      expect(await storedFileCount()).toBe(filesBefore);
    });

    it("refuses an 11 MB upload with 413 and says the limit", async () => {
      const res = await upload({
        data: Buffer.alloc(11 * 1024 * 1024, 0xff),
        filename: "huge.jpg",
        type: "image/jpeg",
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(res.json().detail).toBe(MSG.image.tooLarge);
    });

    it("refuses a 20000×20000 PNG (a decompression bomb) with 413 before decoding it", async () => {
      const bomb = pngHeaderOnly(20_000, 20_000);
      expect(bomb.length).toBeLessThan(1024);
      const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 20_000, 20_000]);

      const rssBefore = process.memoryUsage().rss;
      const res = await upload({ data: bomb, filename: "bomb.png", type: "image/png" });
      const grownMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().detail).toBe(MSG.image.tooManyPixels);
      // Decoding it would need 1.2 GB (20000 × 20000 × 3 bytes).
      expect(grownMb).toBeLessThan(200);
    });
  });

  describe("stored images", () => {
    it("are named by their content: the same photo twice gets one name, another photo another", async () => {
      const red = await jpeg(800, 600, "#dc2626");
      const a = await postListingPhoto({ data: red, filename: "a.jpg" });
      const b = await postListingPhoto({ data: Buffer.from(red), filename: "other-name.jpg" });
      const c = await postListingPhoto({ data: await jpeg(800, 600, "#2563eb"), filename: "a.jpg" });
      for (const r of [a, b, c]) expect(r.statusCode, r.body).toBe(201);
      const [ka, kb, kc] = [a, b, c].map((r) => keyOf(r.json().listing.photo));
      expect(ka).toMatch(/^[0-9a-f]{32}$/);
      expect(kb).toBe(ka);
      expect(kc).not.toBe(ka);
      expect(a.json().listing.id).not.toBe(b.json().listing.id);
    });

    it("come in three WebP widths, served as image/webp with an immutable year-long cache", async () => {
      const res = await postListingPhoto({ data: await jpeg(2000, 1000, "#f59e0b"), filename: "wide.jpg" });
      expect(res.statusCode, res.body).toBe(201);
      const photo: Image = res.json().listing.photo;
      expect(photo).toMatchObject({ width: 1280, height: 640 });
      const urls = photo.srcSet.split(", ").map((entry) => entry.split(" "));
      expect(urls.map(([, w]) => w)).toEqual(["320w", "640w", "1280w"]);
      expect(urls.map(([u]) => u)).toContain(photo.src);

      for (const [url, w] of urls) {
        const served = await call(t.app, { method: "GET", url: url! });
        expect(served.statusCode).toBe(200);
        expect(served.headers["content-type"]).toBe("image/webp");
        expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe("webp");
        expect(`${meta.width}w`).toBe(w);
        expect(meta.height).toBe(meta.width! / 2);
      }
    });

    it("are never enlarged: a small photo keeps its size in every variant and lists it once", async () => {
      const res = await postListingPhoto({ data: await jpeg(200, 150, "#7c3aed"), filename: "small.jpg" });
      expect(res.statusCode, res.body).toBe(201);
      const photo: Image = res.json().listing.photo;
      expect(photo).toMatchObject({ width: 200, height: 150 });
      expect(photo.srcSet).toMatch(/^\/images\/[0-9a-f]+-320\.webp 200w$/);
      for (const { file } of await storedVariants(keyOf(photo))) {
        expect(await sharp(file).metadata()).toMatchObject({ width: 200, height: 150 });
      }
      expect((await call(t.app, { method: "GET", url: photo.src })).statusCode).toBe(200);
    });

    it("an unknown image name: 404", async () => {
      const res = await call(t.app, { method: "GET", url: `/images/${"0".repeat(32)}-640.webp` });
      expect(res.statusCode).toBe(404);
    });
  });
});

describe("createImageStore", () => {
  let dir: string;
  let store: ImageStore;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-images-"));
    store = createImageStore(dir);
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

  it("says every pixel limit in megapixels when it refuses", () => {
    for (const mp of Object.values(MAX_IMAGE_MEGAPIXELS)) expect(MSG.image.tooManyPixels).toContain(`${mp}`);
    expect(MSG.image.tooManyPixels).toContain(`${MAX_IMAGE_MEGAPIXELS.jpeg} megapixels`);
  });

  it("encodes at most two uploads at once; the others queue and all are stored", async () => {
    const held: (() => void)[] = [];
    let mostAtOnce = 0;
    const queued = createImageStore(dir, {
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
