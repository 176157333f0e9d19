import type { GalleryPhoto } from "./photo";

// The words the public gallery shows around its photos (docs/features/ride-photos.md#on-the-public-pages).

/** The element id of a ride page's gallery: Past Adventures links to it. */
export const GALLERY_ANCHOR = "photos";

/** A photo's text alternative: its caption, else its place in the gallery. */
export function photoAlt(photo: Pick<GalleryPhoto, "caption">, index: number, total: number): string {
  return photo.caption || `Photo ${index + 1} of ${total}`;
}

/** "Photo: Asha" for a rider's photo; '' for the admins' own. */
export function photoCredit(photo: Pick<GalleryPhoto, "credit">): string {
  return photo.credit ? `Photo: ${photo.credit}` : "";
}

/** "1 photo", "24 photos". */
export function photoCountText(count: number): string {
  return `${count} ${count === 1 ? "photo" : "photos"}`;
}
