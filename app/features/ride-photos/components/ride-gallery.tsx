import type { GalleryPhoto } from "../domain/photo";
import { GALLERY_ANCHOR, photoCountText } from "../domain/gallery-text";
import { Island } from "~/islands/island";
import { GalleryGrid } from "./gallery-lightbox";

/**
 * A ride's gallery on its page, when it has approved photos: the grid is server-rendered as
 * links to the full images, and its island (hydrated when it nears the screen, so a page without
 * a gallery never loads its code) opens them in the lightbox.
 */
export function RideGallery({ photos }: { photos: GalleryPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <section
      id={GALLERY_ANCHOR}
      aria-labelledby={`${GALLERY_ANCHOR}-heading`}
      tabIndex={-1}
      className="scroll-mt-[calc(var(--spacing-nav)+4rem)] py-8"
    >
      <h2 id={`${GALLERY_ANCHOR}-heading`} className="text-title font-bold text-ink-900">
        Photos
      </h2>
      <p className="mt-1 text-sm text-ink-600">{photoCountText(photos.length)}</p>
      <div className="mt-5">
        <Island name="ride-gallery" component={GalleryGrid} props={{ photos }} hydrate="visible" />
      </div>
    </section>
  );
}
