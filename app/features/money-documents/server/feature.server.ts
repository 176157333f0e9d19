import type { FeatureServer } from "~/server/registries/feature.server";
import { moneyDocumentsSection } from "./booking-section.server";
import { documentMail } from "./document-mail.server";
import { moneyDocumentsRegisterSection } from "./register-section.server";

/** Money documents (docs/features/money-documents.md) as the server hooks them in (decision 050). */
export const moneyDocumentsFeature = {
  name: "money-documents",
  deliveries: ({ db, mailer, mail, origin }) => ({
    "money-document-mail": async ({ documentId }, entry) => {
      if (!mailer.enabled) return;
      const written = await documentMail(db, documentId, origin);
      if (written) await mail.toRider(written, entry);
    },
  }),
  bookingPage: moneyDocumentsSection,
  registerPage: moneyDocumentsRegisterSection,
} satisfies FeatureServer;
