import type { FeatureServer } from "~/server/registries/feature.server";
import { moneyDocumentsSection } from "./booking-section.server";
import { moneyDocumentsRegisterSection } from "./register-section.server";

/** Money documents (docs/features/money-documents.md) as the server hooks them in (decision 050). */
export const moneyDocumentsFeature = {
  name: "money-documents",
  bookingPage: moneyDocumentsSection,
  registerPage: moneyDocumentsRegisterSection,
} satisfies FeatureServer;
