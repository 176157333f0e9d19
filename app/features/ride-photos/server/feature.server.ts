import type { FeatureServer } from "~/server/registries/feature.server";
import { ridePhotosSection } from "./booking-section.server";
import { scheduleRiderPhotoTidy } from "./photo-images.server";

/** Ride photos (docs/features/ride-photos.md) as the server hooks them in (decision 050). */
export const ridePhotosFeature = {
  name: "ride-photos",
  start: scheduleRiderPhotoTidy,
  bookingPage: ridePhotosSection,
} satisfies FeatureServer;
