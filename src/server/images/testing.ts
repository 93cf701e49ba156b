import zlib from "node:zlib";
import sharp, { type Sharp } from "sharp";
import type { Image } from "#shared/schemas/images.ts";

/** Pictures and probes shared by the image tests. */

export function keyOf(image: Image): string {
  const m = /^\/images\/([0-9a-f]+)-640\.webp$/.exec(image.src);
  if (!m) throw new Error(`unexpected image src ${image.src}`);
  return m[1]!;
}

/** Whether EXIF (as sharp returns it: `Exif\0\0` + TIFF) has a GPS IFD pointer (tag 0x8825) in IFD0. */
export function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0);
  const le = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

/** A PNG that claims `width`×`height` pixels but holds a few bytes: only a header, a tiny IDAT and IEND. */
export function pngHeaderOnly(width: number, height: number): Buffer {
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
export function twoTone(): Promise<Sharp> {
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

export async function pixel(file: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
