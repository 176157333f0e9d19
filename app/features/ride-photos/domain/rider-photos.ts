// Riders' own photos of a ride, sent through their private booking link
// (docs/features/ride-photos.md#riders-photos): when they may, how many, and what they read.
import { rideIsOver } from "~/domain/ride-over";
import type { RegistrationStatus } from "~/domain/registration/settings";
import type { RidePhotoStatus } from "./photo";

/** Photos one rider may have in a ride's gallery, waiting, shown or taken down: a few each. */
export const RIDER_PHOTOS_PER_RIDE = 5;

/** The booking page's intents: the upload form posts to `?intent=photos` (read before the body). */
export const RIDER_PHOTOS_INTENT = "photos";
export const RIDER_PHOTO_DELETE_INTENT = "photo-delete";

/** The upload form's file field. */
export const RIDER_PHOTOS_FIELD = "photos";

/** What the rider reads of each state of their photo. */
export const RIDER_PHOTO_STATE_LABELS: Readonly<Record<RidePhotoStatus, string>> = {
  pending: "Waiting for approval",
  approved: "In the gallery",
  hidden: "Not shown",
};

export const RIDER_PHOTO_REFUSALS = {
  cancelled: "This registration is cancelled: it cannot add photos.",
  notConfirmed: "Only a rider with a confirmed seat can add photos of the ride.",
  notRidden: "Photos can be added once the ride is over.",
  rideCancelled: "This ride was cancelled: it has no photos to add.",
  noRide: "This ride no longer exists.",
  none: "Choose one or more photos to add.",
  full: `You have added the ${RIDER_PHOTOS_PER_RIDE} photos a rider may add to this ride. Delete one to add another.`,
  notYours: "That photo is not one of yours.",
} as const;

/** More photos than the rider has room for; `left` may be 0. */
export function tooManyPhotos(left: number): string {
  if (left <= 0) return RIDER_PHOTO_REFUSALS.full;
  return `You can add ${left} more ${left === 1 ? "photo" : "photos"} (${RIDER_PHOTOS_PER_RIDE} per rider). Choose fewer and send them again.`;
}

/** The rider's ride, as far as photos go. */
export type PhotoRide = { status: string; startDate: string; endDate: string };

/**
 * Why this rider may not add photos now, or null when they may. A confirmed seat is enough,
 * checked in or not: check-in is the captains' tool and not every ride uses it, and every photo
 * waits for an admin anyway.
 */
export function riderPhotoRefusal(status: RegistrationStatus, ride: PhotoRide | null, now: Date): string | null {
  if (status === "cancelled") return RIDER_PHOTO_REFUSALS.cancelled;
  if (status !== "confirmed") return RIDER_PHOTO_REFUSALS.notConfirmed;
  if (!ride) return RIDER_PHOTO_REFUSALS.noRide;
  if (ride.status === "cancelled") return RIDER_PHOTO_REFUSALS.rideCancelled;
  if (!rideIsOver(ride, now)) return RIDER_PHOTO_REFUSALS.notRidden;
  return null;
}

/** One of the rider's own photos on their booking page. */
export type RiderPhoto = { id: string; image: string; status: RidePhotoStatus };

/** The booking page's "Your photos of the ride": null when the rider has none and may add none. */
export type RiderPhotosView = {
  photos: RiderPhoto[];
  /** How many more they may add now: 0 when the ride does not take them (see `closed`). */
  left: number;
  /** Why no more can be added, when the ride does not take them now. */
  closed: string | null;
};

/** The section on the booking page: shown once the ride is over to a confirmed rider, or whenever they have photos. */
export function riderPhotosView(
  status: RegistrationStatus,
  ride: PhotoRide | null,
  photos: RiderPhoto[],
  now: Date,
): RiderPhotosView | null {
  const closed = riderPhotoRefusal(status, ride, now);
  if (closed && photos.length === 0) return null;
  return { photos, left: closed ? 0 : Math.max(0, RIDER_PHOTOS_PER_RIDE - photos.length), closed };
}

/** A batch larger than the photos the rider has room for could be, at 20MB each. */
export function photosTooLarge(left: number): string {
  const what = left === 1 ? "one photo" : `${left} photos`;
  return `These photos are too large together. You can add ${what}, each smaller than 20MB: choose fewer or smaller photos.`;
}
