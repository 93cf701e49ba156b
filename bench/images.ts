/**
 * What one upload costs in the real image pipeline (`createImageStore().process`), by pixel count.
 *
 * Each measurement runs in a fresh child process, so its peak RSS (`resourceUsage().maxRSS`) belongs to
 * that one upload alone. CPU is `process.cpuUsage()` (user + system, every thread of the process, so
 * libvips' workers count), not wall-clock time: the figure holds on a busy machine. Each size is run
 * BENCH_REPEAT times and the minimum kept, which is the least disturbed by other work.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { createDiskFiles } from "#server/images/files.ts";
import { createImageStore } from "#server/images/store.ts";
import { MAX_IMAGE_BYTES, MAX_IMAGE_MEGAPIXELS } from "#shared/schemas/images.ts";

const MEGAPIXELS = (process.env.BENCH_MEGAPIXELS ?? "4,8,12,16,20,24,32,40").split(",").map(Number);
const FORMATS = (process.env.BENCH_FORMATS ?? "jpeg,png,webp,avif").split(",") as Format[];
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const PARALLEL = 4;

type Format = "jpeg" | "png" | "webp" | "avif";
type Sample = { cpuMs: number; peakRssMb: number; grownMb: number };

const self = fileURLToPath(import.meta.url);

/**
 * A 4:3 picture of at most, and about, `mp` megapixels: colour noise scaled up, photo-like for JPEG and WebP; for PNG
 * scaled up much further, a smooth picture that fits the upload's byte limit (the cheap-to-send, costly-
 * to-decode case a pixel limit is for).
 */
async function makeInput(mp: number, format: Format): Promise<Buffer> {
  // Rounded down: a size at a format's limit must not land a few pixels over it.
  const width = Math.floor(Math.sqrt((mp * 1_000_000 * 4) / 3));
  const height = Math.floor((width * 3) / 4);
  const scale = format === "png" ? 512 : 16;
  const seed = await sharp({
    create: {
      width: Math.ceil(width / scale),
      height: Math.ceil(height / scale),
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const big = sharp(seed, { limitInputPixels: false }).resize(width, height, { kernel: "cubic" });
  if (format === "jpeg") return big.jpeg({ quality: 85 }).toBuffer();
  if (format === "webp") return big.webp({ quality: 85 }).toBuffer();
  if (format === "avif") return big.avif({ quality: 60, effort: 0 }).toBuffer();
  return big.png({ compressionLevel: 6 }).toBuffer();
}

/**
 * The process's high-water RSS. Linux's VmHWM belongs to this program alone; `resourceUsage().maxRSS`
 * does not: it carries over the parent's peak from before the fork (hundreds of MB here, the parent
 * holds the generated inputs).
 */
async function peakRss(): Promise<number> {
  const status = await fs.readFile("/proc/self/status", "utf8").catch(() => "");
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : process.resourceUsage().maxRSS * 1024;
}

/** Child: processes `count` copies of the file at once (distinct bytes) and prints what it cost. */
async function child(file: string, count: number): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-bench-images-"));
  try {
    const store = createImageStore(createDiskFiles(dir));
    // Loads libvips and its codecs, so the measurement is of the image, not of start-up.
    await store.process(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: "#123" } })
        .jpeg()
        .toBuffer(),
    );
    const input = await fs.readFile(file);
    const inputs = Array.from({ length: count }, () => Buffer.from(input));
    const rssBefore = process.memoryUsage().rss;
    const cpu = process.cpuUsage();
    await Promise.all(inputs.map((b) => store.process(b)));
    const used = process.cpuUsage(cpu);
    const peak = await peakRss();
    const sample: Sample = {
      cpuMs: (used.user + used.system) / 1000,
      peakRssMb: peak / 2 ** 20,
      grownMb: (peak - rssBefore) / 2 ** 20,
    };
    process.stdout.write(JSON.stringify(sample));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function measure(file: string, count: number): Sample {
  const out = execFileSync(process.execPath, ["--import", "tsx", self, "--child", file, String(count)], {
    encoding: "utf8",
    // A refusal (over the pixel limit) is reported in the table, not as a stack trace.
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(out) as Sample;
}

function best(file: string, count: number): Sample {
  const runs = Array.from({ length: REPEAT }, () => measure(file, count));
  return {
    cpuMs: Math.min(...runs.map((r) => r.cpuMs)),
    peakRssMb: Math.min(...runs.map((r) => r.peakRssMb)),
    grownMb: Math.min(...runs.map((r) => r.grownMb)),
  };
}

async function main(): Promise<void> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-bench-inputs-"));
  console.log(
    `image pipeline, one upload per fresh process, minimum of ${REPEAT} runs; limits in force (MP): ${JSON.stringify(MAX_IMAGE_MEGAPIXELS)}`,
  );
  console.log("format  MP   file MB  CPU ms  peak RSS MB  grown MB");
  try {
    for (const format of FORMATS) {
      for (const mp of MEGAPIXELS) {
        const file = path.join(tmp, `${format}-${mp}.${format}`);
        const input = await makeInput(mp, format);
        await fs.writeFile(file, input);
        const note = input.length > MAX_IMAGE_BYTES ? "  (over the upload's byte limit)" : "";
        let row: string;
        try {
          const s = best(file, 1);
          row = `${s.cpuMs.toFixed(0).padStart(6)}  ${s.peakRssMb.toFixed(0).padStart(11)}  ${s.grownMb.toFixed(0).padStart(8)}`;
        } catch (err) {
          if (!String((err as { stderr?: unknown }).stderr).includes("too many pixels")) throw err;
          row = "refused (over the pixel limit)";
        }
        console.log(
          `${format.padEnd(6)} ${String(mp).padStart(3)}  ${(input.length / 2 ** 20).toFixed(1).padStart(7)}  ${row}${note}`,
        );
        await fs.rm(file);
      }
    }
    // Several uploads at once in one process: what the queue bounds.
    const mp = MAX_IMAGE_MEGAPIXELS.jpeg;
    const file = path.join(tmp, `parallel.jpeg`);
    await fs.writeFile(file, await makeInput(mp, "jpeg"));
    const s = best(file, PARALLEL);
    console.log(
      `${PARALLEL} × ${mp} MP JPEG at once: CPU ${s.cpuMs.toFixed(0)} ms, peak RSS ${s.peakRssMb.toFixed(0)} MB (grown ${s.grownMb.toFixed(0)} MB)`,
    );
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

const childAt = process.argv.indexOf("--child");
if (childAt >= 0) {
  await child(process.argv[childAt + 1]!, Number(process.argv[childAt + 2]));
} else {
  await main();
}
