import type { ImageFolder } from "~/domain/image-urls";

/** Long enough to recognise a photo by its name, short enough for any file system or bucket. */
export const MAX_NAME_LENGTH = 60;
const FALLBACK_NAME = "image";

/**
 * The part of an uploaded file's name that may appear in its storage key: the last path
 * segment without its extension, lowercase ASCII letters, digits, '-' and '_' only. Anything
 * else (spaces, accents, dots, slashes of a path-traversal attempt) becomes '-'.
 */
export function sanitiseFileName(fileName: string): string {
  const lastSegment = fileName.split(/[/\\]/).at(-1) ?? "";
  const withoutExtension = lastSegment.replace(/\.[^.]*$/, "");
  const cleaned = withoutExtension
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .slice(0, MAX_NAME_LENGTH)
    .replace(/^[-_]+|[-_]+$/g, "");
  return cleaned || FALLBACK_NAME;
}

/**
 * product.md#images: an upload is stored under images/{timestamp}_{filename}, featured-ride images
 * under images/featured-rides/. The original's size is part of the name so pages can size
 * the image from its URL (see app/domain/image-urls.ts).
 */
export function imageKey(input: {
  timestamp: number;
  fileName: string;
  extension: string;
  width: number;
  height: number;
  folder?: ImageFolder;
}): string {
  const prefix = input.folder === "featured-rides" ? "featured-rides/" : "";
  return `${prefix}${input.timestamp}_${sanitiseFileName(input.fileName)}_${input.width}x${input.height}.${input.extension}`;
}

/** Where the untouched original is kept (for reprocessing; never served). */
export function originalObjectKey(key: string): string {
  return `images/${key}`;
}

/** Where the WebP variant of one width is kept. */
export function variantObjectKey(key: string, width: number): string {
  return `variants/w${width}/${key}.webp`;
}
