// Image files for tests of the upload pipeline, made on the fly so no binary fixture is committed.
import { crc32 } from "node:zlib";
import sharp from "sharp";

type Rgb = [number, number, number];

/** A photo of the given size, left half `left`, right half `right` (to see which way it was turned). */
export async function twoToneJpeg(
  width: number,
  height: number,
  left: Rgb = [220, 30, 30],
  right: Rgb = [30, 30, 220],
): Promise<Buffer> {
  return sharp(twoTonePixels(width, height, left, right), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function twoTonePixels(width: number, height: number, left: Rgb, right: Rgb): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) pixels.set(x < width / 2 ? left : right, (y * width + x) * 3);
  }
  return pixels;
}

/** Marker text in the EXIF description, to prove metadata is gone from the output. */
export const EXIF_MARKER = "roadbook-exif-marker";

/**
 * A phone-style JPEG: stored sideways with EXIF orientation 6 (show turned 90° clockwise),
 * camera details and a GPS position.
 */
export async function sidewaysPhoneJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(twoTonePixels(width, height, [220, 30, 30], [30, 30, 220]), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "RoadPhone", Model: "X1", ImageDescription: EXIF_MARKER },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "34/1 9/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "77/1 34/1 0/1" },
    })
    .toBuffer();
}

export async function solidImage(
  format: "png" | "webp" | "gif" | "tiff",
  width: number,
  height: number,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 60 } } })
    .toFormat(format)
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring a huge image with almost no data: a decompression bomb's shape. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real small JPEG whose frame header is patched to declare another size. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await twoToneJpeg(16, 16));
  for (let at = 2; at < jpeg.length - 9; at += 1) {
    if (jpeg[at] === 0xff && (jpeg[at + 1] === 0xc0 || jpeg[at + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
  }
  throw new Error("no frame header in the JPEG");
}

type BitmapOptions = {
  width: number;
  height: number;
  bitsPerPixel: 1 | 8 | 16 | 24 | 32;
  /** Pixel (x, y) as RGBA. */
  pixel: (x: number, y: number) => [number, number, number, number];
  topDown?: boolean;
  /** BI_BITFIELDS masks for 16/32 bits (32 bits with an alpha mask keeps transparency). */
  masks?: { red: number; green: number; blue: number; alpha?: number };
  compression?: number;
  palette?: Rgb[];
};

/** A Windows bitmap with a BITMAPV4-style 108-byte header when masks are given, else the common 40-byte one. */
export function bitmap({
  width,
  height,
  bitsPerPixel,
  pixel,
  topDown = false,
  masks,
  compression,
  palette = [],
}: BitmapOptions): Buffer {
  const headerSize = masks ? 108 : 40;
  const paletteBytes = palette.length * 4;
  const rowBytes = Math.ceil((width * bitsPerPixel) / 32) * 4;
  const pixelOffset = 14 + headerSize + paletteBytes;
  const file = Buffer.alloc(pixelOffset + rowBytes * height);
  file.write("BM", 0, "latin1");
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(pixelOffset, 10);
  file.writeUInt32LE(headerSize, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(topDown ? -height : height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(bitsPerPixel, 28);
  file.writeUInt32LE(compression ?? (masks ? 3 : 0), 30);
  file.writeUInt32LE(palette.length, 46);
  if (masks) {
    file.writeUInt32LE(masks.red, 54);
    file.writeUInt32LE(masks.green, 58);
    file.writeUInt32LE(masks.blue, 62);
    file.writeUInt32LE(masks.alpha ?? 0, 66);
  }
  palette.forEach(([r, g, b], index) => file.set([b, g, r, 0], 14 + headerSize + index * 4));
  const pack = (value: number, mask: number) => {
    let shift = 0;
    while (((mask >>> shift) & 1) === 0) shift += 1;
    return Math.round((value / 255) * (mask >>> shift)) << shift;
  };
  for (let y = 0; y < height; y += 1) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x += 1) {
      const [r, g, b, a] = pixel(x, y);
      if (bitsPerPixel === 24) file.set([b, g, r], row + x * 3);
      else if (bitsPerPixel === 32 || bitsPerPixel === 16) {
        const m =
          masks ??
          (bitsPerPixel === 32
            ? { red: 0xff0000, green: 0xff00, blue: 0xff }
            : { red: 0x7c00, green: 0x3e0, blue: 0x1f });
        const value = (pack(r, m.red) | pack(g, m.green) | pack(b, m.blue) | (m.alpha ? pack(a, m.alpha) : 0)) >>> 0;
        if (bitsPerPixel === 32) file.writeUInt32LE(value, row + x * 4);
        else file.writeUInt16LE(value, row + x * 2);
      } else {
        const index = palette.findIndex(([pr, pg, pb]) => pr === r && pg === g && pb === b);
        if (bitsPerPixel === 8) file[row + x] = index;
        else if (index === 1) file[row + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
  }
  return file;
}
