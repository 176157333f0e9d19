import { ResponsiveImage } from "~/components/responsive-image";
import {
  RIDER_PHOTO_DELETE_INTENT,
  RIDER_PHOTO_STATE_LABELS,
  RIDER_PHOTOS_INTENT,
  RIDER_PHOTOS_PER_RIDE,
  type RiderPhotosView,
} from "~/features/ride-photos/domain/rider-photos";
import type { RidePhotoStatus } from "~/features/ride-photos/domain/photo";
import { Island } from "~/islands/island";
import { RiderPhotosUpload } from "./rider-photos-upload";

/** A refused upload as the page got it back: which files the image pipeline refused, and why. */
export type RiderPhotosAnswer = { intent: string; errors: Record<string, string> };

const STATE_STYLES: Record<RidePhotoStatus, string> = {
  pending: "bg-brand-100 text-brand-900",
  approved: "bg-success-600 text-white",
  hidden: "bg-ink-200 text-ink-800",
};

/** Where the upload posts: the booking page's own action, its intent in the address so the server reads it before the body. */
export function photosAction(href: string): string {
  return `${href}?intent=${RIDER_PHOTOS_INTENT}`;
}

/**
 * "Your photos of the ride" on the booking page (docs/features/ride-photos.md#riders-photos): the
 * rider's photos with their states, and a plain multipart form for more, which works without
 * JavaScript and shows a progress bar per photo with it (rider-photos-upload.tsx).
 */
export function RiderPhotosSection({
  href,
  view,
  answer,
}: {
  href: string;
  view: RiderPhotosView;
  answer?: RiderPhotosAnswer;
}) {
  const refusedFiles = answer?.intent === RIDER_PHOTOS_INTENT ? Object.values(answer.errors) : [];
  return (
    <section aria-labelledby="photos-heading" className="space-y-4 border-t border-ink-100 pt-8">
      <h2 id="photos-heading" className="text-xl font-bold text-ink-900">
        Your photos of the ride
      </h2>
      <p className="text-ink-700">
        Share up to {RIDER_PHOTOS_PER_RIDE} of your photos for the ride&apos;s gallery. The organisers look at each one
        first; the gallery credits you by your first name only. Location and camera details are removed from every
        photo, and your photos are deleted with your details when those are erased.
      </p>
      {refusedFiles.length > 0 ? (
        <div role="alert" className="rounded-xl border-2 border-red-600 bg-red-50 p-4 text-red-900">
          <p className="font-bold">These photos were not added:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="refused-photos">
            {refusedFiles.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.photos.length > 0 ? (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="rider-photos">
          {view.photos.map((photo, index) => (
            <li key={photo.id} className="space-y-2">
              <ResponsiveImage
                src={photo.image}
                alt={`Your photo ${index + 1}`}
                sizes="(min-width: 640px) 12rem, 45vw"
                className="aspect-square w-full rounded-lg object-cover"
              />
              <p>
                <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${STATE_STYLES[photo.status]}`}>
                  {RIDER_PHOTO_STATE_LABELS[photo.status]}
                </span>
              </p>
              <form method="post" action={href}>
                <input type="hidden" name="intent" value={RIDER_PHOTO_DELETE_INTENT} />
                <input type="hidden" name="photo" value={photo.id} />
                <button type="submit" className="text-sm font-semibold text-red-700 underline">
                  Delete<span className="sr-only"> your photo {index + 1}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : null}
      {view.closed ? (
        <p className="text-ink-700">{view.closed}</p>
      ) : view.left > 0 ? (
        <Island
          name="rider-photos-upload"
          component={RiderPhotosUpload}
          props={{ action: photosAction(href), href, left: view.left }}
          hydrate="visible"
        />
      ) : (
        <p className="text-ink-700">
          You have sent the {RIDER_PHOTOS_PER_RIDE} photos a rider may share. Delete one to send another.
        </p>
      )}
    </section>
  );
}
