import type { FeatureServer } from "~/server/registries/feature.server";
import { rideDayRidersPage } from "./riders-page.server";

/**
 * Ride day with check-in (docs/features/ride-day.md): its pages are its routes, and what it keeps
 * of erased riders goes with them (in-commands.server.ts); nothing else hooks into the core.
 */
export const rideDayFeature = {
  name: "ride-day",
  ridersPage: rideDayRidersPage,
} satisfies FeatureServer;
