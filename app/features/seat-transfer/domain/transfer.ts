import { rideStartsAt } from "~/domain/ride-over";
import {
  REGISTRATION_OPTIONS,
  type RegistrationOption,
  type RegistrationSettings,
  type RegistrationStatus,
} from "~/domain/registration/settings";

// Handing a seat to a friend (docs/features/seat-transfer.md): who may offer it, and how long
// an offer stays open.

/** The booking page's forms that make (or replace) and withdraw a transfer link. */
export const TRANSFER_OFFER_INTENT = "transfer-offer";
export const TRANSFER_WITHDRAW_INTENT = "transfer-withdraw";

/** A transfer link works this many days after it is made, and never once the ride has started. */
export const TRANSFER_VALID_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The page's and the command's one message for a link that opens no seat, whatever the reason. */
export const TRANSFER_GONE =
  "This transfer link no longer opens a seat: it was used, withdrawn or replaced, it expired, or the booking changed. Ask your friend for a new link.";
export const TRANSFER_NOT_POSSIBLE =
  "Only a confirmed seat on a ride that has not started, and before check-in, can be handed to a friend.";

type TransferRide = { status: string; startDate: string };
type TransferBooking = { status: RegistrationStatus | string; checkedInAt: string | null };

/** Whether the booking's seat may be handed on now: confirmed, not checked in, its ride upcoming and not started. */
export function canTransfer(booking: TransferBooking, ride: TransferRide | null, now: Date): boolean {
  if (!ride || ride.status !== "upcoming") return false;
  if (booking.status !== "confirmed" || booking.checkedInAt !== null) return false;
  const starts = rideStartsAt(ride.startDate);
  return !starts || now.getTime() < starts.getTime();
}

/** When a link made at `createdAt` stops working: TRANSFER_VALID_DAYS later, or when the ride starts if sooner. */
export function transferExpiresAt(createdAt: string, ride: Pick<TransferRide, "startDate">): Date {
  const week = new Date(Date.parse(createdAt) + TRANSFER_VALID_DAYS * DAY_MS);
  const starts = rideStartsAt(ride.startDate);
  return starts && starts < week ? starts : week;
}

/**
 * The ride's registration settings as the friend's form uses them: the seat's option and no
 * other (it is the seat that moves), offered even if the ride stopped offering it since.
 */
export function seatSettings(settings: RegistrationSettings, option: RegistrationOption): RegistrationSettings {
  const options = Object.fromEntries(
    REGISTRATION_OPTIONS.map((name) => [name, { ...settings.options[name], offered: name === option }]),
  ) as RegistrationSettings["options"];
  return { ...settings, options };
}
