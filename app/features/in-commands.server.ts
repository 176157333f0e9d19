import type { ErasureStep, OutboxLabels, RideEdits } from "../server/registries/feature.server";
import { eraseRideDayMessagesOfErasedRiders } from "~/features/ride-day/server/erasure.server";
import { eraseRidePhotosOfErasedRiders } from "~/features/ride-photos/server/erasure.server";
import { eraseFeedbackOfErasedRiders } from "~/features/ride-words/server/erasure.server";
import {
  riderAccountsLabels,
  type RiderAccountsMessage,
} from "~/features/rider-accounts/server/outbox-messages.server";
import { changeNotices } from "~/features/rider-messages/server/change-notice-queue.server";
import { eraseMessagesOfErasedRiders } from "~/features/rider-messages/server/erasure.server";
import {
  riderMessagesLabels,
  type RiderMessagesMessage,
} from "~/features/rider-messages/server/outbox-messages.server";
import { seatTransferLabels, type SeatTransferMessage } from "~/features/seat-transfer/server/outbox-messages.server";

// What the features add inside the core's own commands (decision 050): the outbox kinds a command
// may enqueue, what an erasure takes with the registrations and what a ride's edits set off. A list of its own, beside
// index.server.ts, because the core's commands are imported by every feature: what they read
// here imports no feature's use cases, only these small files, or the imports would go round.

/** The outbox kinds of the features (outbox/messages.server.ts adds the core's). */
export type FeatureMessage = RiderMessagesMessage | RiderAccountsMessage | SeatTransferMessage;

export const featureLabels: OutboxLabels<FeatureMessage> = {
  ...riderMessagesLabels,
  ...riderAccountsLabels,
  ...seatTransferLabels,
};

/** What goes with erased registrations, in this order (registrations/erasure.server.ts eraseWhatFollows). */
export const erasureSteps: readonly ErasureStep[] = [
  eraseMessagesOfErasedRiders,
  eraseRideDayMessagesOfErasedRiders,
  eraseRidePhotosOfErasedRiders,
  eraseFeedbackOfErasedRiders,
];

/** What a ride's edits set off, in the edit's command, in this order (rides.server.ts, ride-routes.server.ts). */
export const rideEdits: readonly RideEdits[] = [changeNotices];
