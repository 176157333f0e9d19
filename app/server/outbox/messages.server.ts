import type { ContentChange } from "../content-events.server";
import type { WatchedRide } from "~/features/rider-messages/domain/change-notice";
import type { Mail } from "../mail/mailer.server";

/**
 * What a committed change must still cause, as the outbox keeps it (decision 029). Each kind
 * has one delivery (deliveries.server.ts). A rider's mail is written when it is sent, from the
 * registration as it is then: a booking erased in between is mailed nothing.
 */
export type OutboxMessage =
  /** Render caches and open admin pages, here and on the other instances. */
  | { kind: "content-changed"; change: ContentChange }
  /** The confirmation of a registration, with the private link (a secret: emptied once sent). */
  | { kind: "registered-mail"; registrationId: string; link: string }
  /** A fresh private link the rider asked for ("Find my booking"; a secret: emptied once sent). */
  | { kind: "booking-link-mail"; registrationId: string; link: string }
  /** A rider's one-time sign-in link (docs/features/rider-accounts.md; a secret: emptied once sent). */
  | { kind: "rider-sign-in-mail"; email: string; link: string }
  /** A waitlisted rider's seat is confirmed (a seat was freed or added). */
  | { kind: "seat-confirmed-mail"; registrationId: string }
  /**
   * The rider who handed their seat on is told (registrations/transfer.server.ts): written as it is
   * enqueued, since the booking no longer holds their address; like every payload, emptied once sent.
   */
  | { kind: "seat-handed-on-mail"; mail: Mail }
  /**
   * A rider told that a way of signing in to their account changed (riders/account-mail.server.ts),
   * written as it is enqueued.
   */
  | { kind: "rider-account-mail"; mail: Mail }
  /** A mail to a member of the team (an invitation, a sign-in change), written as it is enqueued. */
  | { kind: "team-mail"; mail: Mail }
  /** One rider's copy of a ride's message on one channel (email, push): rider-messages/deliver.server.ts. */
  | { kind: "rider-message"; deliveryId: string }
  /**
   * A ride's riders told what changed since `before` (rider-messages/change-notice.server.ts):
   * delayed, so a burst of edits is one notice. `rideId` comes first: the pending one is found by it.
   */
  | { kind: "change-notice"; rideId: string; before: WatchedRide }
  /**
   * The stored files of images whose photos were deleted (a takedown, a rider's own delete, an
   * erasure): removed once committed, unless a record still uses one (images/removed-images.server.ts).
   */
  | { kind: "images-removed"; images: string[] };

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
    case "rider-sign-in-mail":
      return "Sign-in link mail to a rider";
    case "seat-confirmed-mail":
      return `Seat-confirmed mail for booking ${reference}`;
    case "seat-handed-on-mail":
      return `Seat-handed-on mail for booking ${reference}`;
    case "rider-account-mail":
      return "Account mail to a rider";
    case "team-mail":
      return `Team mail: ${message.mail.subject}`;
    case "rider-message":
      return `Message to booking ${reference}`;
    case "change-notice":
      return `Change notice for ride ${message.rideId}`;
    case "images-removed":
      return `Files of ${message.images.length} removed photo${message.images.length === 1 ? "" : "s"}`;
  }
}
