import type { WatchedRide } from "~/features/rider-messages/domain/change-notice";
import type { OutboxLabels } from "~/server/registries/feature.server";

/** What the feature's commands leave in the outbox (decision 029), delivered by its descriptor (feature.server.ts). */
export type RiderMessagesMessage =
  /** One rider's copy of a ride's message on one channel (email, push): deliver.server.ts. */
  | { kind: "rider-message"; deliveryId: string }
  /**
   * A ride's riders told what changed since `before` (change-notice.server.ts): delayed, so a
   * burst of edits is one notice. `rideId` comes first: the pending one is found by it.
   */
  | { kind: "change-notice"; rideId: string; before: WatchedRide };

export const riderMessagesLabels: OutboxLabels<RiderMessagesMessage> = {
  "rider-message": (_message, reference) => `Message to booking ${reference}`,
  "change-notice": (message) => `Change notice for ride ${message.rideId}`,
};
