import type { FeatureServer } from "../server/registries/feature.server";
import { creditFeature } from "~/features/credit/server/feature.server";
import { moneyDocumentsFeature } from "~/features/money-documents/server/feature.server";
import { rideDayFeature } from "~/features/ride-day/server/feature.server";
import { ridePhotosFeature } from "~/features/ride-photos/server/feature.server";
import { rideWordsFeature } from "~/features/ride-words/server/feature.server";
import { riderAccountsFeature } from "~/features/rider-accounts/server/feature.server";
import { riderMessagesFeature } from "~/features/rider-messages/server/feature.server";
import { seatTransferFeature } from "~/features/seat-transfer/server/feature.server";
import { waiversFeature } from "~/features/waivers/server/feature.server";

// The add-on features, as the core's registries read them (decision 050): their outbox
// deliveries (outbox/deliveries.server.ts), their jobs (services.server.ts) and their parts of
// the booking page (routes/public/booking.tsx). What they add inside the core's own commands
// (outbox kinds' labels, erasure) is listed in in-commands.server.ts. A new feature is one line here.

export const features = [
  riderMessagesFeature,
  rideDayFeature,
  rideWordsFeature,
  ridePhotosFeature,
  creditFeature,
  waiversFeature,
  riderAccountsFeature,
  seatTransferFeature,
  moneyDocumentsFeature,
] as const satisfies readonly FeatureServer[];
