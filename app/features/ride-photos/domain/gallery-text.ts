// The words the ride page and Past Adventures show of a gallery (docs/features/ride-photos.md#on-the-public-pages).

/** The element id of a ride page's gallery: Past Adventures links to it. */
export const GALLERY_ANCHOR = "photos";

/** "1 photo", "24 photos". */
export function photoCountText(count: number): string {
  return `${count} ${count === 1 ? "photo" : "photos"}`;
}
