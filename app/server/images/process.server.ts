import sharp, { type Sharp, type SharpOptions } from "sharp";
import type { ImageFormat } from "~/domain/image-signature";
import { variantWidths } from "~/domain/image-urls";
import { decodeBitmap, readBitmapHeader, UnsupportedBitmapError } from "./bmp.server";
import { createTurns } from "../turns.server";
import { ImageRejectedError, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, UPLOAD_REJECTIONS } from "./upload-errors.server";

// Two worker threads per image on a small server; the operation cache is useless for
// images seen once and would only hold on to memory.
sharp.concurrency(2);
sharp.cache(false);

/** WebP, not AVIF: comparable size at these widths and several times faster to encode. */
const VARIANT_WEBP = { quality: 78, effort: 4 } as const;
const PLACEHOLDER_WIDTH = 16;
/** Near-lossless, full colour resolution: a master to make variants from again, not to serve. */
const MASTER_JPEG = { quality: 95, chromaSubsampling: "4:4:4" } as const;
const PLACEHOLDER_WEBP = { quality: 40, effort: 4 } as const;

export type ImageVariant = { width: number; height: number; data: Buffer };

export type ProcessedImage = {
  /** Size after applying the EXIF orientation. */
  width: number;
  height: number;
  /**
   * The full-size picture kept for reprocessing, upright and without the upload's metadata
   * (camera, GPS position): a JPEG at quality 95 from a JPEG, else a lossless PNG.
   */
  master: { data: Buffer; mime: "image/jpeg" | "image/png" };
  variants: ImageVariant[];
  /** A 16 px wide WebP as a data: URI. */
  placeholder: string;
};

/**
 * Uploads processed at once by this process; more wait their turn. Each holds its 20 MB
 * original and decoded pixels, so this bounds memory as well as CPU.
 */
const MAX_CONCURRENT_PROCESSING = 2;
const inTurn = createTurns(MAX_CONCURRENT_PROCESSING);

const DECODE_OPTIONS: SharpOptions = {
  // The second line of defence after the explicit check of the declared size below.
  limitInputPixels: MAX_IMAGE_PIXELS,
  // Refuses damaged and truncated files, yet accepts the harmless quirks many cameras write.
  failOn: "error",
};

function assertReasonableSize(width: number, height: number): void {
  if (width * height > MAX_IMAGE_PIXELS || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new ImageRejectedError(UPLOAD_REJECTIONS.dimensions(width, height), 422);
  }
}

/** A sharp pipeline on the upload, refusing decompression bombs before any pixel is decoded. */
async function openUpload(data: Buffer, format: ImageFormat): Promise<{ image: Sharp; width: number; height: number }> {
  if (format === "bmp") {
    const header = readBitmapHeader(data);
    assertReasonableSize(header.width, header.height);
    const bitmap = decodeBitmap(data);
    return {
      image: sharp(bitmap.pixels, { raw: { width: bitmap.width, height: bitmap.height, channels: bitmap.channels } }),
      width: bitmap.width,
      height: bitmap.height,
    };
  }
  // Only the header is read here, so a tiny file claiming billions of pixels costs nothing.
  const metadata = await sharp(data, { ...DECODE_OPTIONS, limitInputPixels: false }).metadata();
  if (metadata.format !== format) throw new ImageRejectedError(UPLOAD_REJECTIONS.unreadable, 422);
  const { width, height } = metadata.autoOrient;
  assertReasonableSize(metadata.width, metadata.height);
  return { image: sharp(data, DECODE_OPTIONS).autoOrient(), width, height };
}

/**
 * The WebP variants and placeholder of an upload: turned upright from its EXIF orientation,
 * converted to sRGB and stripped of all metadata (camera, GPS position), never enlarged.
 */
export function processImage(data: Buffer, format: ImageFormat): Promise<ProcessedImage> {
  return inTurn(() => processUpload(data, format));
}

async function processUpload(data: Buffer, format: ImageFormat): Promise<ProcessedImage> {
  try {
    const { image, width, height } = await openUpload(data, format);
    // sharp writes no metadata unless asked: the master carries the pixels only.
    const master =
      format === "jpeg"
        ? { data: await image.clone().jpeg(MASTER_JPEG).toBuffer(), mime: "image/jpeg" as const }
        : { data: await image.clone().png().toBuffer(), mime: "image/png" as const };
    // Decoded, turned upright and scaled once to the largest width; the smaller variants
    // are scaled from those pixels rather than decoding the upload again for each.
    const widths = variantWidths(width);
    const largest = await image
      .resize({ width: widths.at(-1)!, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: largest.info.width, height: largest.info.height, channels: largest.info.channels } };
    const variants: ImageVariant[] = [];
    for (const variantWidth of widths) {
      const { data: output, info } = await sharp(largest.data, pixels)
        .resize({ width: variantWidth, withoutEnlargement: true })
        .webp(VARIANT_WEBP)
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, data: output });
    }
    // From the smallest variant: the same picture at a fraction of the decoding work.
    const placeholder = await sharp(variants[0]!.data)
      .resize({ width: PLACEHOLDER_WIDTH })
      .webp(PLACEHOLDER_WEBP)
      .toBuffer();
    return { width, height, master, variants, placeholder: `data:image/webp;base64,${placeholder.toString("base64")}` };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    if (error instanceof UnsupportedBitmapError)
      throw new ImageRejectedError(UPLOAD_REJECTIONS.unsupportedBitmap, 422, error);
    throw new ImageRejectedError(UPLOAD_REJECTIONS.unreadable, 422, error);
  }
}
