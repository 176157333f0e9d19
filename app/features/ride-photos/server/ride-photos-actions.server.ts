import {
  addRidePhotos,
  captionRidePhoto,
  deleteRidePhoto,
  reorderRidePhotos,
  setRidePhotoCover,
  setRidePhotoStatus,
} from "./admin-photos.server";
import { dispatchIntent } from "~/server/admin/intent-dispatch.server";
import { type AdminActionContext, failedWrite, stringField, succeeded } from "~/server/admin/respond.server";

export const RIDE_PHOTOS_MESSAGES = {
  added: "Photo added to the gallery",
  addFailed: "The photo could not be added to the gallery",
  reordered: "Order saved",
  reorderFailed: "The order could not be saved",
  captioned: "Caption saved",
  captionFailed: "The caption could not be saved",
  cover: "Cover chosen",
  coverFailed: "The cover could not be chosen",
  approved: "Photo approved: it is in the gallery",
  restored: "Photo restored to the gallery",
  hidden: "Photo hidden: it has left the public pages",
  statusFailed: "The photo could not be changed",
  deleted: "Photo deleted",
  deleteFailed: "The photo could not be deleted",
  unknownIntent: "Unknown gallery action",
} as const;

/** The gallery page's JSON intents ({ intent, … }); each service call is one audited command. */
export function ridePhotosAction(request: Request, rideId: string, context: AdminActionContext) {
  const { services, actor } = context;
  const { db } = services;
  async function attempt(run: () => Promise<unknown>, ok: string, failure: string) {
    try {
      await run();
      return succeeded(ok);
    } catch (error) {
      return failedWrite(services, error, failure, "ride gallery change failed", { rideId });
    }
  }
  return dispatchIntent(
    request,
    context,
    {
      add: (body) =>
        attempt(
          () => addRidePhotos(db, rideId, body.images, { actor }),
          RIDE_PHOTOS_MESSAGES.added,
          RIDE_PHOTOS_MESSAGES.addFailed,
        ),
      reorder: (body) =>
        attempt(
          () => reorderRidePhotos(db, rideId, body.order, { actor }),
          RIDE_PHOTOS_MESSAGES.reordered,
          RIDE_PHOTOS_MESSAGES.reorderFailed,
        ),
      caption: (body) =>
        attempt(
          () => captionRidePhoto(db, rideId, stringField(body, "photoId"), body.caption, { actor }),
          RIDE_PHOTOS_MESSAGES.captioned,
          RIDE_PHOTOS_MESSAGES.captionFailed,
        ),
      cover: (body) =>
        attempt(
          () => setRidePhotoCover(db, rideId, stringField(body, "photoId"), { actor }),
          RIDE_PHOTOS_MESSAGES.cover,
          RIDE_PHOTOS_MESSAGES.coverFailed,
        ),
      approve: (body) =>
        attempt(
          () => setRidePhotoStatus(db, rideId, stringField(body, "photoId"), "approved", { actor }),
          RIDE_PHOTOS_MESSAGES.approved,
          RIDE_PHOTOS_MESSAGES.statusFailed,
        ),
      restore: (body) =>
        attempt(
          () => setRidePhotoStatus(db, rideId, stringField(body, "photoId"), "approved", { actor }),
          RIDE_PHOTOS_MESSAGES.restored,
          RIDE_PHOTOS_MESSAGES.statusFailed,
        ),
      hide: (body) =>
        attempt(
          () => setRidePhotoStatus(db, rideId, stringField(body, "photoId"), "hidden", { actor }),
          RIDE_PHOTOS_MESSAGES.hidden,
          RIDE_PHOTOS_MESSAGES.statusFailed,
        ),
      delete: (body) =>
        attempt(
          () => deleteRidePhoto(db, rideId, stringField(body, "photoId"), { actor }),
          RIDE_PHOTOS_MESSAGES.deleted,
          RIDE_PHOTOS_MESSAGES.deleteFailed,
        ),
    },
    RIDE_PHOTOS_MESSAGES.unknownIntent,
  );
}
