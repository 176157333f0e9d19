import type { FeatureServer } from "~/server/registries/feature.server";
import { rideWordsSection } from "./booking-section.server";

/**
 * Riders' words (docs/features/ride-words.md) as the server hooks them in (decision 050); the ask
 * for them rides on rider messages' reminder poll (reminder-schedule.server.ts).
 */
export const rideWordsFeature = {
  name: "ride-words",
  bookingPage: rideWordsSection,
} satisfies FeatureServer;
