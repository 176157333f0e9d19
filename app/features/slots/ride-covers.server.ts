import { galleryCoverImages } from "~/features/ride-photos/server/public-parts.server";
import type { RideCovers } from "~/server/registries/page-part.server";

// The features that give a ride without a photo of its own an image (server/rides/covers.server.ts,
// decision 050), the first in the list that has one winning.

export const RIDE_COVERS: readonly RideCovers[] = [galleryCoverImages];
