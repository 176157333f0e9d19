/**
 * How long the upload pipeline takes for a worst-case phone photo.
 *
 *   npm run bench:images [-- --runs 3]
 *
 * Generates a 6000 × 4000 JPEG of near 20 MB (fine noise over a gradient, so it compresses
 * as badly as a detailed photo does), then times what an upload goes through: content
 * sniffing and validation, decoding, EXIF orientation, the WebP variants and placeholder,
 * and writing original + variants + record (disk storage, SQLite, in a temporary directory).
 * Target: at most 5 s per upload on a 2-core server.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { saveUpload } from "~/server/images/images.server";
import { processImage } from "~/server/images/process.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import { benchRuns } from "./bench/runs.ts";

const WIDTH = 6000;
const HEIGHT = 4000;
/** Noise amplitude and JPEG quality chosen so the file lands just under the 20 MB limit. */
const NOISE = 28;
const QUALITY = 90;

async function makePhoto(): Promise<Buffer> {
  const pixels = randomBytes(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const at = (y * WIDTH + x) * 3;
      const base = [(x * 255) / WIDTH, (y * 255) / HEIGHT, 128];
      for (let channel = 0; channel < 3; channel += 1) {
        const value = base[channel]! + ((pixels[at + channel]! / 255) * 2 - 1) * NOISE;
        pixels[at + channel] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  }
  return (
    sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality: QUALITY, chromaSubsampling: "4:4:4" })
      // Held upright-rotated with a GPS position, as phones write them.
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: "Bench", Model: "Phone" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "34/1 9/1 0/1" },
      })
      .toBuffer()
  );
}

/** Wall-clock time, plus the CPU time the process spent (all threads), which a busy machine inflates less. */
async function time<T>(work: () => Promise<T>): Promise<[T, number, number]> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return [result, performance.now() - start, (used.user + used.system) / 1000];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const runs = benchRuns();
  const dir = mkdtempSync(path.join(tmpdir(), "roadbook-bench-images-"));
  try {
    console.log(`Generating a ${WIDTH} × ${HEIGHT} JPEG…`);
    const photo = await makePhoto();
    console.log(`  ${(photo.byteLength / 1024 / 1024).toFixed(2)} MB (${photo.byteLength} bytes), EXIF orientation 6`);

    const { db } = openDatabase({ sqlitePath: path.join(dir, "bench.sqlite") });
    await migrateToLatest(db);
    const storage = createDiskStorage(path.join(dir, "uploads"));

    const processing: number[] = [];
    const uploads: number[] = [];
    const cpu: number[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const [processed, processMs] = await time(() => processImage(photo, "jpeg"));
      const [record, uploadMs, uploadCpuMs] = await time(() =>
        saveUpload({ db, storage }, { data: photo, fileName: `bench-${run}.jpg` }),
      );
      processing.push(processMs);
      uploads.push(uploadMs);
      cpu.push(uploadCpuMs);
      const sizes = processed.variants
        .map((variant) => `${variant.width}w ${Math.round(variant.data.byteLength / 1024)} kB`)
        .join(", ");
      console.log(
        `run ${run}: processing ${seconds(processMs)}, whole upload ${seconds(uploadMs)} (CPU ${seconds(uploadCpuMs)})  -> ${record.width} × ${record.height}; ${sizes}`,
      );
    }
    await db.destroy();

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `\nmedian over ${runs} runs: processing ${seconds(median(processing))}, whole upload ${seconds(median(uploads))} (target <= 5 s), CPU ${seconds(median(cpu))}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
