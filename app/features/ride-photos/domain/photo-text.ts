import type { GalleryPhoto } from "./photo";

// What the gallery's grid and lightbox say of a photo (docs/features/ride-photos.md#on-the-public-pages).
// Apart from gallery-text.ts, which server-rendered parts use: only the lightbox island imports
// this module, so its code travels in the island's own chunk, not in a request of its own.

/** A photo's text alternative: its caption, else its place in the gallery. */
export function photoAlt(photo: Pick<GalleryPhoto, "caption">, index: number, total: number): string {
  return photo.caption || `Photo ${index + 1} of ${total}`;
}

/** "Photo: Asha" for a rider's photo; '' for the admins' own. */
export function photoCredit(photo: Pick<GalleryPhoto, "credit">): string {
  return photo.credit ? `Photo: ${photo.credit}` : "";
}
