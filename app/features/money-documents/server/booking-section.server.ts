import { listedDocument } from "~/features/money-documents/domain/listed";
import { bookingSection } from "~/server/registries/booking-section.server";
import { documentsOfBookings } from "./documents.server";

/** The booking's money documents on its private page (docs/features/money-documents.md). */
export const moneyDocumentsSection = bookingSection({
  load: async ({ services: { db }, registration }) => ({
    moneyDocuments: (await documentsOfBookings(db, [registration.id])).map(listedDocument),
  }),
});
