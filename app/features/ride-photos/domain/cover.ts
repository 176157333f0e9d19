import type { GalleryPhoto } from "./photo";

/**
 * The photo that stands for a ride, from its public gallery in the gallery's order: the one
 * marked as cover, else the first. The server's galleryCover applies the same rule in SQL.
 */
export function coverOf<Photo extends Pick<GalleryPhoto, "cover">>(photos: readonly Photo[]): Photo | null {
  return photos.find((photo) => photo.cover) ?? photos[0] ?? null;
}

/** A ride's own image, else its gallery's cover's, else none (''): its hero, link previews and share card. */
export function imageOrCover(image: string, cover: Pick<GalleryPhoto, "image"> | null): string {
  return image || cover?.image || "";
}
