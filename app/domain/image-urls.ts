/**
 * The URLs of uploaded images, shared by the server (which creates and serves them) and the
 * pages (which build srcset from them). docs/decisions/008-image-storage-and-delivery.md explains
 * the scheme:
 *
 *   /images/{key}            the default rendition (WebP, at most DEFAULT_RENDITION_WIDTH wide)
 *   /images/w{width}/{key}   one WebP variant, width one of variantWidths(original width)
 *
 * key = [featured-rides/]{timestamp}_{name}_{width}x{height}.{ext}. The original's
 * dimensions live in the key so a page can size an <img> from the URL alone, and a key is
 * never reused, so every URL can be cached forever.
 */

/** Widths of the WebP variants; an original narrower than the largest adds its own width. */
export const VARIANT_WIDTHS = [480, 960, 1600, 2400] as const;
export const DEFAULT_RENDITION_WIDTH = 1600;
export const IMAGE_URL_PREFIX = "/images/";

export const IMAGE_FOLDERS = ["rides", "hero", "featured-rides"] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

export type ImageKey = {
  key: string;
  width: number;
  height: number;
};

const KEY_PATTERN =
  /^(?:featured-rides\/)?\d{13,}_[a-z0-9][a-z0-9._-]*_(\d{1,5})x(\d{1,5})\.(?:jpg|png|webp|gif|bmp|tiff)$/;

/** The key and original dimensions of an uploaded image's key, or null for anything else. */
export function parseImageKey(key: string): ImageKey | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width < 1 || height < 1) return null;
  return { key, width, height };
}

/** The uploaded image a URL points at (its default rendition or any variant), or null. */
export function parseImageUrl(url: string): ImageKey | null {
  if (!url.startsWith(IMAGE_URL_PREFIX)) return null;
  const rest = url.slice(IMAGE_URL_PREFIX.length).replace(/^w\d+\//, "");
  return parseImageKey(rest);
}

/** The widths stored for an original of this width: never upscaled, always one at full size (up to the largest). */
export function variantWidths(originalWidth: number): number[] {
  const largest = Math.min(originalWidth, VARIANT_WIDTHS.at(-1)!);
  const smaller: number[] = VARIANT_WIDTHS.filter((width) => width < largest);
  return [...smaller, largest];
}

/** The width served at /images/{key}: the largest variant not wider than the default. */
export function defaultRenditionWidth(originalWidth: number): number {
  const widths = variantWidths(originalWidth);
  return widths.findLast((width) => width <= DEFAULT_RENDITION_WIDTH) ?? widths[0]!;
}

export function imageUrl(key: string): string {
  return `${IMAGE_URL_PREFIX}${key}`;
}

export function variantUrl(key: string, width: number): string {
  return `${IMAGE_URL_PREFIX}w${width}/${key}`;
}

/** The bundled demo photos: /images/demo/{name}.webp is 1600 px wide, {name}-800.webp 800 px. */
const DEMO_PATTERN = /^\/images\/demo\/([a-z0-9-]+?)(?:-800)?\.webp$/;

export type ImageSources = {
  src: string;
  srcSet?: string;
  /** Intrinsic size when the URL tells it. */
  width?: number;
  height?: number;
};

/** What an <img> needs to let the browser pick a right-sized file for the URL an admin stored. */
export function responsiveSources(url: string): ImageSources {
  const uploaded = parseImageUrl(url);
  if (uploaded) {
    const widths = variantWidths(uploaded.width);
    return {
      src: variantUrl(uploaded.key, defaultRenditionWidth(uploaded.width)),
      srcSet: widths.map((width) => `${variantUrl(uploaded.key, width)} ${width}w`).join(", "),
      width: uploaded.width,
      height: uploaded.height,
    };
  }
  const demo = DEMO_PATTERN.exec(url);
  if (demo) {
    const name = demo[1];
    return {
      src: `/images/demo/${name}.webp`,
      srcSet: `/images/demo/${name}-800.webp 800w, /images/demo/${name}.webp 1600w`,
    };
  }
  return { src: url };
}
