import type { Mail } from "~/server/mail/mailer.server";
import type { OutboxLabels } from "~/server/registries/feature.server";

/** What the feature's commands leave in the outbox (decision 029), delivered by its descriptor (feature.server.ts). */
export type SeatTransferMessage =
  /**
   * The rider who handed their seat on is told (transfer.server.ts): written as it is enqueued,
   * since the booking no longer holds their address; like every payload, emptied once sent.
   */
  { kind: "seat-handed-on-mail"; mail: Mail };

export const seatTransferLabels: OutboxLabels<SeatTransferMessage> = {
  "seat-handed-on-mail": (_message, reference) => `Seat-handed-on mail for booking ${reference}`,
};
