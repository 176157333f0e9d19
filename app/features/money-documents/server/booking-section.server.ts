import { listedDocument } from "~/features/money-documents/domain/listed";
import { bookingSection } from "~/server/registries/booking-section.server";
import { holdersDocuments } from "./documents.server";

/** The booking's money documents on its private page (docs/features/money-documents.md). */
export const moneyDocumentsSection = bookingSection({
  load: async ({ services: { db }, registration }) => ({
    moneyDocuments: (await holdersDocuments(db, [registration.id])).map(listedDocument),
  }),
});
