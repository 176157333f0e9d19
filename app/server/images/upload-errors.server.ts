/**
 * Why the server refused an upload, with the HTTP status and the message shown to the admin.
 * product.md#images fixes the type and size messages; the others cover what the old app's hosted storage
 * never had to check.
 */
export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 | 422,
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

export const MAX_IMAGE_PIXELS = 100_000_000;
export const MAX_IMAGE_SIDE = 30_000;

export const UPLOAD_REJECTIONS = {
  dimensions: (width: number, height: number) =>
    `Image dimensions too large (${width} × ${height} pixels). Please upload an image of at most 100 megapixels and 30000 pixels on each side.`,
  unreadable: "The image could not be read. It may be damaged or incomplete; please try another file.",
  unsupportedBitmap:
    "This BMP image uses a compression that cannot be read. Please save it as JPEG or PNG and try again.",
  empty: "The upload was empty. Please choose an image file.",
  incomplete: "The upload did not arrive completely. Please try again.",
  badFolder: "Unknown image folder.",
} as const;
