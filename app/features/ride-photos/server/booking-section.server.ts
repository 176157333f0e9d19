import {
  RIDER_PHOTO_DELETE_INTENT,
  RIDER_PHOTOS_INTENT,
  riderPhotosView,
} from "~/features/ride-photos/domain/rider-photos";
import { serverClock } from "~/server/clock.server";
import { bookingSection, type BookingUpload } from "~/server/registries/booking-section.server";
import { FAILED, GONE, refused } from "~/server/registrations/booking-answers.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { deleteRiderPhotoByToken, listRiderPhotos } from "./rider-photos.server";
import { receiveRiderPhotos } from "./upload-request.server";

type Notice = "photos" | "photo-deleted";

/**
 * The rider's photos (docs/features/ride-photos.md#riders-photos): all added, back to the page;
 * some refused by the image pipeline, the page again naming each with its message (the others kept).
 */
const receivePhotos: BookingUpload<Notice> = async ({ services, request, token, clientIp, requestId, done }) => {
  const intent = RIDER_PHOTOS_INTENT;
  try {
    const answer = await receiveRiderPhotos(services, request, token, clientIp, serverClock());
    if (!answer.ok) {
      const retryAfter: Record<string, string> = answer.retryAfterSeconds
        ? { "Retry-After": String(answer.retryAfterSeconds) }
        : {};
      return refused(answer.status, { intent, values: {}, errors: {}, formError: answer.message }, retryAfter);
    }
    if (answer.refused.length === 0) return done("photos");
    const errors = Object.fromEntries(
      answer.refused.map((file, index) => [`photo-${index}`, `${file.name}: ${file.message}`]),
    );
    const formError =
      answer.added > 0
        ? `${answer.added} of your photos ${answer.added === 1 ? "was" : "were"} added; the others were not.`
        : "Your photos were not added.";
    return refused(400, { intent, values: {}, errors, formError });
  } catch (error) {
    if (error instanceof ValidationError)
      return refused(400, { intent, values: {}, errors: {}, formError: error.errors[""] });
    if (error instanceof NotFoundError) return refused(404, { intent, values: {}, errors: {}, formError: GONE });
    services.logger.error({ err: error, requestId, intent }, "booking change failed");
    return refused(500, { intent, values: {}, errors: {}, formError: FAILED });
  }
};

/** "Your photos of the ride" on the booking page, once the ride is over. */
export const ridePhotosSection = bookingSection({
  load: async ({ services: { db }, registration, ride }) => {
    const photos = await listRiderPhotos(db, registration.id);
    return { riderPhotos: riderPhotosView(registration.status, ride, photos, serverClock()) };
  },
  notices: {
    photos: "Thank you: your photos wait for the organisers' approval before they appear in the ride's gallery.",
    "photo-deleted": "Your photo is deleted.",
  } satisfies Record<Notice, string>,
  intents: {
    [RIDER_PHOTO_DELETE_INTENT]: async ({ services, token, values, done }) => {
      await deleteRiderPhotoByToken(services.db, token, values.photo ?? "", serverClock());
      return done("photo-deleted");
    },
  },
  // Photos are read by their own bounds, before the body: the intent is in the address.
  uploads: { [RIDER_PHOTOS_INTENT]: receivePhotos },
});
