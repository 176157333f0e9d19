import type { ErasureStep, LedgerHook, OutboxLabels, RideEdits } from "../server/registries/feature.server";
import type { RegistrationHooks } from "../server/registries/registration-hooks.server";
import { creditRegistrationHooks } from "~/features/credit/server/registration-hooks.server";
import { eraseRideDayMessagesOfErasedRiders } from "~/features/ride-day/server/erasure.server";
import { eraseRidePhotosOfErasedRiders } from "~/features/ride-photos/server/erasure.server";
import { eraseFeedbackOfErasedRiders } from "~/features/ride-words/server/erasure.server";
import { riderAccountsRegistrationHooks } from "~/features/rider-accounts/server/registration-hooks.server";
import {
  riderAccountsLabels,
  type RiderAccountsMessage,
} from "~/features/rider-accounts/server/outbox-messages.server";
import { changeNotices } from "~/features/rider-messages/server/change-notice-queue.server";
import { eraseMessagesOfErasedRiders } from "~/features/rider-messages/server/erasure.server";
import { riderMessagesRegistrationHooks } from "~/features/rider-messages/server/registration-hooks.server";
import {
  riderMessagesLabels,
  type RiderMessagesMessage,
} from "~/features/rider-messages/server/outbox-messages.server";
import { seatTransferLabels, type SeatTransferMessage } from "~/features/seat-transfer/server/outbox-messages.server";
import { waiversRegistrationHooks } from "~/features/waivers/server/registration-hooks.server";
import { issueMoneyDocuments } from "~/features/money-documents/server/ledger-hook.server";
import {
  moneyDocumentsLabels,
  type MoneyDocumentsMessage,
} from "~/features/money-documents/server/outbox-messages.server";
import { moneyDocumentsRegistrationHooks } from "~/features/money-documents/server/registration-hooks.server";

// What the features add inside the core's own commands (decision 050): the outbox kinds a command
// may enqueue, what an erasure takes with the registrations, what a booking's commands write
// with it and what a ride's edits set off. A list of its own, beside index.server.ts, because the
// core's commands are imported by every feature: what they read here imports no feature's use
// cases, only these small files, or the imports would go round.

/** The outbox kinds of the features (outbox/messages.server.ts adds the core's). */
export type FeatureMessage = RiderMessagesMessage | RiderAccountsMessage | SeatTransferMessage | MoneyDocumentsMessage;

export const featureLabels: OutboxLabels<FeatureMessage> = {
  ...riderMessagesLabels,
  ...riderAccountsLabels,
  ...seatTransferLabels,
  ...moneyDocumentsLabels,
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

/**
 * What the registration commands write with a booking (registrations/feature-hooks.server.ts), in
 * this order: the waiver checked on the form, the rider's state for their receipts, the account that takes the booking and keeps its
 * details, then the credit it spends or keeps, then the rider's news.
 */
export const registrationHooks: readonly RegistrationHooks[] = [
  waiversRegistrationHooks,
  moneyDocumentsRegistrationHooks,
  riderAccountsRegistrationHooks,
  creditRegistrationHooks,
  riderMessagesRegistrationHooks,
];

/** What follows a command's writes to bookings' ledgers, before it commits (commands/command.server.ts). */
export const ledgerHooks: readonly LedgerHook[] = [issueMoneyDocuments];
