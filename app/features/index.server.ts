import type { FeatureServer } from "../server/registries/feature.server";
import { creditFeature } from "./credit/server/feature.server";
import { rideDayFeature } from "./ride-day/server/feature.server";
import { ridePhotosFeature } from "./ride-photos/server/feature.server";
import { rideWordsFeature } from "./ride-words/server/feature.server";
import { riderAccountsFeature } from "./rider-accounts/server/feature.server";
import { riderMessagesFeature } from "./rider-messages/server/feature.server";
import { seatTransferFeature } from "./seat-transfer/server/feature.server";
import { waiversFeature } from "./waivers/server/feature.server";

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
] as const satisfies readonly FeatureServer[];
