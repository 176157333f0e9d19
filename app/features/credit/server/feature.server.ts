import type { FeatureServer } from "~/server/registries/feature.server";
import { creditRidersPage } from "./riders-page.server";
import { creditSection } from "./booking-section.server";
import { creditRegisterSection } from "./register-section.server";

/** Riders' credit (docs/features/credit.md) as the server hooks it in (decision 050). */
export const creditFeature = {
  name: "credit",
  bookingPage: creditSection,
  ridersPage: creditRidersPage,
  registerPage: creditRegisterSection,
} satisfies FeatureServer;
