import type { FeatureServer } from "~/server/registries/feature.server";
import { seatTransferSection } from "./booking-section.server";

/** Seat transfers (docs/features/seat-transfer.md) as the server hooks them in (decision 050). */
export const seatTransferFeature = {
  name: "seat-transfer",
  deliveries: ({ mail }) => ({ "seat-handed-on-mail": mail.writtenToRider }),
  bookingPage: seatTransferSection,
} satisfies FeatureServer;
