import type { ContentChange } from "../content-events.server";
import type { Mail } from "../mail/mailer.server";
import { featureLabels, type FeatureMessage } from "~/features/in-commands.server";

/**
 * What a committed change must still cause, as the outbox keeps it (decision 029): the core's
 * kinds and the features' (app/features/in-commands.server.ts). Each kind has one delivery
 * (deliveries.server.ts). A rider's mail is written when it is sent, from the registration as it
 * is then: a booking erased in between is mailed nothing.
 */
export type OutboxMessage = CoreMessage | FeatureMessage;

type CoreMessage =
  /** Render caches and open admin pages, here and on the other instances. */
  | { kind: "content-changed"; change: ContentChange }
  /** The confirmation of a registration, with the private link (a secret: emptied once sent). */
  | { kind: "registered-mail"; registrationId: string; link: string }
  /** A fresh private link the rider asked for ("Find my booking"; a secret: emptied once sent). */
  | { kind: "booking-link-mail"; registrationId: string; link: string }
  /** A waitlisted rider's seat is confirmed (a seat was freed or added). */
  | { kind: "seat-confirmed-mail"; registrationId: string }
  /** A mail to a member of the team (an invitation, a sign-in change), written as it is enqueued. */
  | { kind: "team-mail"; mail: Mail }
  /**
   * The stored files of images whose photos were deleted (a takedown, a rider's own delete, an
   * erasure): removed once committed, unless a record still uses one (images/removed-images.server.ts).
   */
  | { kind: "images-removed"; images: string[] }
  /** An online payment recorded: the rider's receipt, written from the ledger when sent (decision 060). */
  | { kind: "payment-received-mail"; registrationId: string; amountPaise: number }
  /** A cancelled booking's payment link, cancelled at Razorpay (decision 060). */
  | { kind: "payment-link-cancel"; linkId: string }
  /** A claimed online refund, sent to Razorpay (docs/features/refunds.md). */
  | { kind: "refund-send"; entryId: string }
  /** A refund processed or failed: the rider's mail, written from the ledger when sent. */
  | { kind: "refund-mail"; registrationId: string; entryId: string };

export type OutboxKind = OutboxMessage["kind"];

/** The entry's name in the admins' list of failed deliveries: the kind and a booking reference at most. */
export function labelOf(message: OutboxMessage, reference = ""): string {
  switch (message.kind) {
    case "content-changed":
      return `Update of ${message.change.collection}${message.change.id ? ` ${message.change.id}` : ""}`;
    case "registered-mail":
      return `Registration mail for booking ${reference}`;
    case "booking-link-mail":
      return `Fresh link mail for booking ${reference}`;
    case "seat-confirmed-mail":
      return `Seat-confirmed mail for booking ${reference}`;
    case "team-mail":
      return `Team mail: ${message.mail.subject}`;
    case "images-removed":
      return `Files of ${message.images.length} removed photo${message.images.length === 1 ? "" : "s"}`;
    case "payment-received-mail":
      return `Payment receipt for booking ${reference}`;
    case "payment-link-cancel":
      return `Cancel payment link ${message.linkId} of booking ${reference}`;
    case "refund-send":
      return `Send refund of booking ${reference} to Razorpay`;
    case "refund-mail":
      return `Refund mail for booking ${reference}`;
    default:
      return featureLabel(message, reference);
  }
}

/** A feature's message's label, by its kind's own function. */
function featureLabel<M extends FeatureMessage>(message: M, reference: string): string {
  const label = featureLabels[message.kind as M["kind"]] as (message: M, reference: string) => string;
  return label(message, reference);
}
