import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { call, setupTestApp } from "#server/test/app.ts";
import { signup } from "#server/test/auth.ts";
import { jpeg, jpegPart, signedInUser, type Upload } from "#server/test/factories.ts";
import { postListing } from "#server/test/requests.ts";
import { MSG } from "#shared/messages.ts";
import type { Image } from "#shared/schemas/images.ts";
import { IMAGE_WIDTHS } from "#shared/schemas/images.ts";
import { exifHasGps, keyOf, pixel, pngHeaderOnly, twoTone } from "./testing.ts";

describe("the image pipeline, through the API", () => {
  const t = setupTestApp();

  let sellerCookie: string;
  beforeAll(async () => {
    sellerCookie = (await signedInUser(t.app, { role: "seller" })).cookie;
  });

  /** A seller posting a bike with this photo: the listing's upload path. */
  const postListingPhoto = (photo: Upload) => postListing(t.app, sellerCookie, { photo });

  /** Someone signing up with this photo: the profile photo's upload path. */
  const signUpWithPhoto = (photo: Upload) => signup(t.app, { photo });

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

      const res = await upload(jpegPart(withGps, "IMG_0001.jpg"));
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

      const res = await upload(jpegPart(input, "portrait.jpg"));
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
      const res = await upload(jpegPart(Buffer.from("just some notes, not a photo\n".repeat(40))));
      expect(res.statusCode, res.body).toBe(415);
      expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(res.json().detail).toBe(MSG.image.notImage);
      expect(await storedFileCount()).toBe(filesBefore);
    });

    it("refuses an 11 MB upload with 413 and says the limit", async () => {
      const res = await upload(jpegPart(Buffer.alloc(11 * 1024 * 1024, 0xff), "huge.jpg"));
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
