import type { FeatureServer } from "~/server/registries/feature.server";
import { waiversSection } from "./booking-section.server";
import { waiversRegisterSection } from "./register-section.server";

/** Waivers (docs/features/waivers.md) as the server hooks them in (decision 050). */
export const waiversFeature = {
  name: "waivers",
  bookingPage: waiversSection,
  registerPage: waiversRegisterSection,
} satisfies FeatureServer;
