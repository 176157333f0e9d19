import { Camera } from "lucide-react";
import { rideHref } from "~/domain/links";
import { GALLERY_ANCHOR, photoCountText } from "../domain/gallery-text";

/** A completed ride card's "24 photos": a link to the gallery on the ride's page. */
export function GalleryCount({ rideId, count }: { rideId: string; count: number }) {
  return (
    <li className="inline-flex items-center gap-1.5" data-testid="photos-count">
      <Camera aria-hidden="true" className="size-4 text-brand-600" />
      <a
        href={`${rideHref(rideId)}#${GALLERY_ANCHOR}`}
        className="underline-offset-2 hover:text-brand-700 hover:underline"
      >
        {photoCountText(count)}
      </a>
    </li>
  );
}
