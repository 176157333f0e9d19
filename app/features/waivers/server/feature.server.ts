import type { FeatureServer } from "~/server/registries/feature.server";
import { waiversRidersCsv } from "./riders-csv.server";
import { waiversRidersPage } from "./riders-page.server";
import { waiversSection } from "./booking-section.server";
import { waiversRegisterSection } from "./register-section.server";

/** Waivers (docs/features/waivers.md) as the server hooks them in (decision 050). */
export const waiversFeature = {
  name: "waivers",
  bookingPage: waiversSection,
  ridersPage: waiversRidersPage,
  ridersCsv: waiversRidersCsv,
  registerPage: waiversRegisterSection,
} satisfies FeatureServer;
