import type { GalleryPhoto } from "./photo";

/**
 * The photo that stands for a ride, from its public gallery in the gallery's order: the one
 * marked as cover, else the first. The server's galleryCovers applies the same rule to its read.
 */
export function coverOf<Photo extends Pick<GalleryPhoto, "cover">>(photos: readonly Photo[]): Photo | null {
  return photos.find((photo) => photo.cover) ?? photos[0] ?? null;
}
