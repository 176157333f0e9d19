import { coverOf } from "./cover";
import { z } from "zod";
import { line } from "~/domain/fields";
import { PHOTO_CAPTION_MAX, type RidePhoto } from "./photo";

// What an admin may send to a ride's gallery (docs/features/ride-photos.md#the-admins-gallery),
// checked once on the server before the command locks the ride.

/** One selection from a phone is rarely more; a bigger batch is sent as several. */
export const PHOTOS_PER_ADD_MAX = 50;

export const GALLERY_MESSAGES = {
  noImages: "Choose at least one photo to add",
  tooManyImages: `Add at most ${PHOTOS_PER_ADD_MAX} photos at once`,
  notOurImage: "Only photos uploaded here can be added to the gallery",
  alreadyInGallery: "This photo is already in the gallery",
  captionTooLong: `A caption has at most ${PHOTO_CAPTION_MAX} characters`,
  badOrder: "The order must list every photo of this ride's gallery exactly once: reload the page and try again",
  coverNotPublic: "Only a photo shown in the gallery can be its cover: approve it first",
  photoGone: "This photo is no longer in this ride's gallery: reload the page",
} as const;

export const addPhotosSchema = z
  .array(z.string({ error: GALLERY_MESSAGES.notOurImage }), { error: GALLERY_MESSAGES.noImages })
  .min(1, GALLERY_MESSAGES.noImages)
  .max(PHOTOS_PER_ADD_MAX, GALLERY_MESSAGES.tooManyImages);

export const captionSchema = line(GALLERY_MESSAGES.captionTooLong).max(
  PHOTO_CAPTION_MAX,
  GALLERY_MESSAGES.captionTooLong,
);

export const photoOrderSchema = z.array(z.string({ error: GALLERY_MESSAGES.badOrder }), {
  error: GALLERY_MESSAGES.badOrder,
});

/**
 * The photo that stands for the ride: the one an admin chose, else the first approved photo in
 * the gallery's order; none while nothing is approved. Only an approved photo can be the cover.
 */
export function coverPhoto<Photo extends Pick<RidePhoto, "cover" | "status">>(ordered: readonly Photo[]): Photo | null {
  return coverOf(ordered.filter((photo) => photo.status === "approved"));
}
