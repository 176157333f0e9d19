import type { PagePart, RideCardsArgs, RideCovers, RidePageArgs } from "~/server/registries/page-part.server";
import type { GalleryPhoto } from "../domain/photo";
import { galleryCounts, galleryCovers, rideGallery } from "./gallery.server";

// The gallery on the public pages (docs/features/ride-photos.md#on-the-public-pages), as the
// core's lists in app/features/slots/ name it (decision 050).

/** The ride page's gallery: its approved photos. */
export const galleryOnRidePage = {
  name: "ride-photos",
  label: "ride gallery",
  load: ({ db, ride }) => rideGallery(db, ride.id),
} as const satisfies PagePart<RidePageArgs, GalleryPhoto[]>;

/** A completed ride card's "24 photos"; a ride without photos is left out. */
export const photosOnRideCards = {
  name: "ride-photos",
  label: "photo counts",
  load: ({ db, rideIds }) => galleryCounts(db, rideIds),
} as const satisfies PagePart<RideCardsArgs, Map<string, number>>;

/** A ride without a photo of its own shows its gallery's cover. */
export const galleryCoverImages: RideCovers = async (db, rideIds) =>
  new Map([...(await galleryCovers(db, rideIds))].map(([rideId, photo]) => [rideId, photo.image]));
