/**
 * Demo photos: reproducible resizing of the landscape photos behind the demo content.
 *
 *   npx tsx scripts/demo-photos.ts --from <dir>   originals -> demo/photos/<name>.jpg, then the web copies
 *   npx tsx scripts/demo-photos.ts                demo/photos/<name>.jpg -> public/images/demo/*.webp only
 *
 * <dir> holds the Debian wallpaper packages extracted side by side, one folder per package
 * (`dpkg-deb -x <package>.deb <dir>/<package>`); demo/photos/LICENSES.md lists the packages,
 * the exact commands, and the author and licence of every photo.
 */
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";

/** Demo photo name -> the original's path inside the extracted packages folder. */
export const SOURCES: Record<string, string> = {
  ladakh: "lomiri-wallpapers-16.04/usr/share/backgrounds/picosdeeuropa_by_Aitzol_Berasategi.jpg",
  spiti: "lomiri-wallpapers-16.04/usr/share/backgrounds/sunset_by_Aitzol_Berasategi.jpg",
  rajasthan: "mate-backgrounds/usr/share/backgrounds/mate/nature/Storm.jpg",
  ghats: "lomiri-wallpapers-16.04/usr/share/backgrounds/aitzgorri_by_Aitzol_Berasategi.jpg",
  meghalaya: "lomiri-wallpapers-16.04/usr/share/backgrounds/life_by_Aitzol_Berasategi.jpg",
  coast: "lomiri-wallpapers-16.04/usr/share/backgrounds/Bridge_by_Sander_Klootwijk.jpg",
  desert: "mate-backgrounds/usr/share/backgrounds/mate/nature/Dune.jpg",
  forest: "plasma-workspace-wallpapers/usr/share/wallpapers/Path/contents/images/2560x1600.jpg",
  mountains: "plasma-workspace-wallpapers/usr/share/wallpapers/EveningGlow/contents/images/2560x1600.jpg",
  lake: "plasma-workspace-wallpapers/usr/share/wallpapers/summer_1am/contents/images/2560x1600.jpg",
};

const ROOT = path.resolve(import.meta.dirname, "..");
const ORIGINALS_DIR = path.join(ROOT, "demo/photos");
const WEB_DIR = path.join(ROOT, "public/images/demo");

/** Committed originals: longest side at most 2400 px, high-quality JPEG. */
const ORIGINAL_MAX_SIDE = 2400;
const ORIGINAL_JPEG = { quality: 82, mozjpeg: true } as const;
/** Web copies served by the site until the image pipeline takes over. */
const WEB_WIDTHS = [
  { width: 1600, suffix: "" },
  { width: 800, suffix: "-800" },
] as const;
const WEB_WEBP = { quality: 72, effort: 6 } as const;

async function sizeKb(file: string): Promise<string> {
  return `${Math.round((await stat(file)).size / 1024)} kB`;
}

async function writeOriginal(name: string, source: string): Promise<void> {
  const target = path.join(ORIGINALS_DIR, `${name}.jpg`);
  await sharp(source)
    .rotate() // honour EXIF orientation before the metadata is dropped
    .resize({ width: ORIGINAL_MAX_SIDE, height: ORIGINAL_MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .jpeg(ORIGINAL_JPEG)
    .toFile(target);
  console.log(`${path.relative(ROOT, target)}  <- ${source}  (${await sizeKb(target)})`);
}

async function writeWebCopies(name: string): Promise<void> {
  const source = path.join(ORIGINALS_DIR, `${name}.jpg`);
  for (const { width, suffix } of WEB_WIDTHS) {
    const target = path.join(WEB_DIR, `${name}${suffix}.webp`);
    await sharp(source).resize({ width, withoutEnlargement: true }).webp(WEB_WEBP).toFile(target);
    console.log(`${path.relative(ROOT, target)}  (${await sizeKb(target)})`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: "string" } } });
  await mkdir(ORIGINALS_DIR, { recursive: true });
  await mkdir(WEB_DIR, { recursive: true });
  for (const [name, relative] of Object.entries(SOURCES)) {
    if (values.from !== undefined) await writeOriginal(name, path.resolve(values.from, relative));
    await writeWebCopies(name);
  }
}

await main();
