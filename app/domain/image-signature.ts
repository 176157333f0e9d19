/**
 * Recognises an image type from the file's first bytes ("magic bytes"), so a file is judged
 * by what it is rather than by its name or the type the browser guessed from the name.
 */

export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "bmp" | "tiff";

export const IMAGE_FORMAT_TYPES: Record<ImageFormat, { mime: string; extension: string }> = {
  jpeg: { mime: "image/jpeg", extension: "jpg" },
  png: { mime: "image/png", extension: "png" },
  webp: { mime: "image/webp", extension: "webp" },
  gif: { mime: "image/gif", extension: "gif" },
  bmp: { mime: "image/bmp", extension: "bmp" },
  tiff: { mime: "image/tiff", extension: "tiff" },
};

/** Enough of the start of a file to recognise every format below. */
export const SIGNATURE_BYTES = 32;

/** Header sizes of the BMP variants (BITMAPCOREHEADER … BITMAPV5HEADER). */
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

function readUint32LE(bytes: Uint8Array, offset: number): number {
  return (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) >>> 0;
}

/** The format of an image file from its first SIGNATURE_BYTES bytes, or null when it is none we accept. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  // Little-endian "II*\0" and big-endian "MM\0*" classic TIFF, and their BigTIFF forms.
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])) return "tiff";
  // "BM" alone starts plenty of text files; a real bitmap also names a known header size.
  if (startsWith(bytes, ascii("BM")) && bytes.length >= 18 && BMP_HEADER_SIZES.has(readUint32LE(bytes, 14)))
    return "bmp";
  return null;
}
