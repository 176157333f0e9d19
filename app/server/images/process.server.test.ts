import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  bitmap,
  EXIF_MARKER,
  jpegClaiming,
  pngClaiming,
  sidewaysPhoneJpeg,
  solidImage,
  twoToneJpeg,
} from "../../../tests/support/image-fixtures";
import { decodeBitmap, UnsupportedBitmapError } from "./bmp.server";
import { processImage } from "./process.server";
import { UPLOAD_REJECTIONS } from "./upload-errors.server";
import { rejection } from "../../../tests/support/image-rejection";

/** The colour at a point of an encoded image. */
async function colourAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

describe("processImage: variants", () => {
  it("makes WebP variants 480/960/1600/2400 wide, in proportion", async () => {
    const result = await processImage(await twoToneJpeg(3000, 2000), "jpeg");
    expect(result.width).toBe(3000);
    expect(result.height).toBe(2000);
    expect(result.variants.map(({ width, height }) => [width, height])).toEqual([
      [480, 320],
      [960, 640],
      [1600, 1067],
      [2400, 1600],
    ]);
    for (const variant of result.variants) {
      const metadata = await sharp(variant.data).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", variant.width, variant.height]);
    }
  });

  it("never enlarges a small image: its own width is the largest variant", async () => {
    const medium = await processImage(await solidImage("png", 1200, 900), "png");
    expect(medium.variants.map((variant) => variant.width)).toEqual([480, 960, 1200]);
    const tiny = await processImage(await solidImage("png", 300, 200), "png");
    expect(tiny.variants.map(({ width, height }) => [width, height])).toEqual([[300, 200]]);
  });

  it("keeps a tiny placeholder, 16 px wide, as a WebP data URI", async () => {
    const { placeholder } = await processImage(await twoToneJpeg(800, 600), "jpeg");
    expect(placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(placeholder.length).toBeLessThan(1000);
    const metadata = await sharp(Buffer.from(placeholder.split(",")[1]!, "base64")).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 16, 12]);
  });

  it.each(["png", "webp", "gif", "tiff"] as const)("reads %s uploads", async (format) => {
    const result = await processImage(await solidImage(format, 640, 480), format);
    expect(result.variants.map((variant) => variant.width)).toEqual([480, 640]);
    expect(await colourAt(result.variants[0]!.data, 10, 10)).toEqual([
      expect.closeTo(10, -1),
      expect.closeTo(120, -1),
      expect.closeTo(60, -1),
    ]);
  });
});

describe("processImage: orientation and privacy", () => {
  it("turns a sideways phone photo upright from its EXIF orientation", async () => {
    const photo = await sidewaysPhoneJpeg(300, 200);
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const result = await processImage(photo, "jpeg");
    expect([result.width, result.height]).toEqual([200, 300]);
    // The master kept for reprocessing is upright too, at full size.
    const master = await sharp(result.master.data).metadata();
    expect([master.format, master.width, master.height]).toEqual(["jpeg", 200, 300]);
    const upright = result.variants[0]!;
    expect([upright.width, upright.height]).toEqual([200, 300]);
    // Turned 90° clockwise, the stored left half (red) is now the top half.
    const [topRed, , topBlue] = await colourAt(upright.data, 100, 20);
    const [bottomRed, , bottomBlue] = await colourAt(upright.data, 100, 280);
    expect(topRed).toBeGreaterThan(150);
    expect(topBlue).toBeLessThan(100);
    expect(bottomBlue).toBeGreaterThan(150);
    expect(bottomRed).toBeLessThan(100);
  });

  it("strips every piece of metadata (camera, GPS position) from everything it keeps", async () => {
    const photo = await sidewaysPhoneJpeg(300, 200);
    const input = await sharp(photo).metadata();
    // The input really carries them: the marker text and the GPS IFD pointer (tag 0x8825).
    expect(input.exif?.includes(Buffer.from(EXIF_MARKER))).toBe(true);
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const { master, variants, placeholder } = await processImage(photo, "jpeg");
    const outputs = [
      master.data,
      ...variants.map((variant) => variant.data),
      Buffer.from(placeholder.split(",")[1]!, "base64"),
    ];
    for (const output of outputs) {
      const metadata = await sharp(output).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(output.includes(Buffer.from(EXIF_MARKER))).toBe(false);
      expect(output.includes(Buffer.from("RoadPhone"))).toBe(false);
    }
  });
});

describe("processImage: refusals", () => {
  it.each([
    ["a PNG over 30000 px a side", () => pngClaiming(40_000, 10), "png", [40_000, 10]],
    ["a PNG over 100 megapixels", () => pngClaiming(12_000, 12_000), "png", [12_000, 12_000]],
    ["a JPEG declaring 65000 × 65000", () => jpegClaiming(65_000, 65_000), "jpeg", [65_000, 65_000]],
    ["a bitmap declaring 50000 × 50000", () => bitmapClaiming(50_000, 50_000), "bmp", [50_000, 50_000]],
  ] as const)("refuses %s before decoding it", async (_name, make, format, [width, height]) => {
    const error = await rejection(processImage(await make(), format));
    expect(error.status).toBe(422);
    expect(error.message).toBe(UPLOAD_REJECTIONS.dimensions(width, height));
    expect(error.message).toContain("Image dimensions too large");
  });

  it("refuses a truncated or damaged image with a clear message", async () => {
    const jpeg = await twoToneJpeg(400, 300);
    const truncated = await rejection(processImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)), "jpeg"));
    expect([truncated.status, truncated.message]).toEqual([422, UPLOAD_REJECTIONS.unreadable]);
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
    expect((await rejection(processImage(garbage, "jpeg"))).message).toBe(UPLOAD_REJECTIONS.unreadable);
  });

  it("refuses a file whose content is another format than its signature claimed", async () => {
    const png = await solidImage("png", 50, 50);
    expect((await rejection(processImage(png, "jpeg"))).message).toBe(UPLOAD_REJECTIONS.unreadable);
  });
});

/** The header of a bitmap claiming a size, without its (impossibly large) pixel data. */
function bitmapClaiming(width: number, height: number): Buffer {
  const file = bitmap({ width: 1, height: 1, bitsPerPixel: 24, pixel: () => [0, 0, 0, 255] });
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  return file;
}

/** The channels of one decoded bitmap pixel. */
function pixelAt(decoded: ReturnType<typeof decodeBitmap>, x: number, y: number): number[] {
  const at = (y * decoded.width + x) * decoded.channels;
  return [...decoded.pixels.subarray(at, at + decoded.channels)];
}

describe("BMP uploads", () => {
  const quadrant = (x: number, y: number): [number, number, number, number] =>
    x < 2 ? (y < 2 ? [255, 0, 0, 255] : [0, 255, 0, 255]) : y < 2 ? [0, 0, 255, 128] : [255, 255, 255, 0];

  it("reads 24-bit bottom-up bitmaps", () => {
    const decoded = decodeBitmap(bitmap({ width: 4, height: 4, bitsPerPixel: 24, pixel: quadrant }));
    expect([decoded.width, decoded.height, decoded.channels]).toEqual([4, 4, 3]);
    expect(pixelAt(decoded, 0, 0)).toEqual([255, 0, 0]);
    expect(pixelAt(decoded, 0, 2)).toEqual([0, 255, 0]);
    expect(pixelAt(decoded, 3, 0)).toEqual([0, 0, 255]);
  });

  it("reads 32-bit top-down bitmaps with an alpha mask, keeping transparency", () => {
    const masks = { red: 0x00ff0000, green: 0x0000ff00, blue: 0x000000ff, alpha: 0xff000000 };
    const decoded = decodeBitmap(
      bitmap({ width: 4, height: 4, bitsPerPixel: 32, pixel: quadrant, topDown: true, masks }),
    );
    expect(decoded.channels).toBe(4);
    expect(pixelAt(decoded, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(decoded, 3, 0)).toEqual([0, 0, 255, 128]);
    expect(pixelAt(decoded, 3, 3)[3]).toBe(0);
  });

  it("reads 16-bit 5-6-5 bitfield, 8-bit and 1-bit palette bitmaps", () => {
    const rgb565 = decodeBitmap(
      bitmap({
        width: 4,
        height: 4,
        bitsPerPixel: 16,
        pixel: quadrant,
        masks: { red: 0xf800, green: 0x07e0, blue: 0x001f },
      }),
    );
    expect(pixelAt(rgb565, 0, 0)).toEqual([255, 0, 0]);
    const palette: [number, number, number][] = [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [255, 255, 255],
    ];
    const indexed = decodeBitmap(bitmap({ width: 4, height: 4, bitsPerPixel: 8, pixel: quadrant, palette }));
    expect(pixelAt(indexed, 0, 2)).toEqual([0, 255, 0]);
    const black = [0, 0, 0, 255] as [number, number, number, number];
    const white = [255, 255, 255, 255] as [number, number, number, number];
    const mono = decodeBitmap(
      bitmap({
        width: 10,
        height: 2,
        bitsPerPixel: 1,
        pixel: (x) => (x % 3 === 0 ? white : black),
        palette: [
          [0, 0, 0],
          [255, 255, 255],
        ],
      }),
    );
    expect(Array.from({ length: 10 }, (_, x) => pixelAt(mono, x, 0)[0])).toEqual([
      255, 0, 0, 255, 0, 0, 255, 0, 0, 255,
    ]);
  });

  it("turns a bitmap into WebP variants like any other upload", async () => {
    const file = bitmap({
      width: 600,
      height: 400,
      bitsPerPixel: 24,
      pixel: (x) => (x < 300 ? [200, 20, 20, 255] : [20, 20, 200, 255]),
    });
    const result = await processImage(file, "bmp");
    expect(result.variants.map(({ width, height }) => [width, height])).toEqual([
      [480, 320],
      [600, 400],
    ]);
    const [red, , blue] = await colourAt(result.variants[1]!.data, 50, 200);
    expect(red).toBeGreaterThan(150);
    expect(blue).toBeLessThan(80);
  });

  it("refuses run-length-encoded bitmaps with their own message", async () => {
    const rle = bitmap({
      width: 4,
      height: 4,
      bitsPerPixel: 8,
      pixel: quadrant,
      compression: 1,
      palette: [[255, 0, 0]],
    });
    expect(() => decodeBitmap(rle)).toThrow(UnsupportedBitmapError);
    expect((await rejection(processImage(rle, "bmp"))).message).toBe(UPLOAD_REJECTIONS.unsupportedBitmap);
  });
});

describe("processImage: load", () => {
  it("finishes every one of several uploads arriving together", async () => {
    const photos = await Promise.all([1, 2, 3, 4, 5].map((index) => twoToneJpeg(600 + index * 10, 400)));
    const results = await Promise.all(photos.map((photo) => processImage(photo, "jpeg")));
    expect(results.map((result) => result.width)).toEqual([610, 620, 630, 640, 650]);
  });
});
