import {
  type BalancePayment,
  type BookingPayment,
  nextSteps,
  RIDER_STATUS_LABELS,
} from "~/domain/registration/booking-page";
import { formatDateRange } from "~/domain/dates";
import { OPTION_LABELS } from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import type { Mail } from "../mail/mailer.server";
import type { Registration } from "./commands.server";

// The mails to riders (decision 020): plain text, everything the private booking page says.

type MailRide = Pick<Ride, "title" | "startDate" | "endDate">;

function rideLine(ride: MailRide): string {
  return `${ride.title} (${formatDateRange(ride.startDate, ride.endDate)})`;
}

/** Sent on registering: status, reference, the private link and how to pay. */
export function confirmationMail({
  ride,
  registration,
  payment,
  balance = null,
  link,
}: {
  ride: MailRide;
  registration: Registration;
  payment: BookingPayment;
  /** The balance, for a confirmed booking on a ride that has one. */
  balance?: BalancePayment | null;
  link: string;
}): Mail {
  const status = RIDER_STATUS_LABELS[registration.status];
  const lines = [
    `Hello ${registration.name},`,
    "",
    `Thank you for registering for ${rideLine(ride)}.`,
    "",
    `Booking reference: ${registration.reference}`,
    `Status: ${status}`,
    `Option: ${OPTION_LABELS[registration.option]}`,
    "",
    ...nextSteps(registration.status, payment, balance).map((step) => `- ${step}`),
  ];
  if (registration.status === "confirmed" && payment.link) {
    lines.push(
      "",
      ...(payment.credit ? [`Paid with credit: ${payment.credit}`] : []),
      `Booking amount${payment.credit ? " left to pay" : ""}: ${payment.amount}`,
      `Pay to UPI id: ${payment.payeeId}${payment.payeeName ? ` (${payment.payeeName})` : ""}`,
      `Payment note: ${registration.reference}`,
      `Pay from your phone: ${payment.link}`,
    );
  }
  lines.push("", "Your private booking page (see, change or cancel your registration):", link);
  return {
    to: registration.email,
    subject: `${status}: ${ride.title} — booking ${registration.reference}`,
    text: lines.join("\n"),
  };
}

/** Sent to a waitlisted rider confirmed into a freed seat. */
export function promotionMail({ ride, registration }: { ride: MailRide; registration: Registration }): Mail {
  return {
    to: registration.email,
    subject: `A seat is yours: ${ride.title} — booking ${registration.reference}`,
    text: [
      `Hello ${registration.name},`,
      "",
      `A seat has freed up on ${rideLine(ride)} and you were next on the waitlist: your registration ${registration.reference} is now confirmed.`,
      "",
      "Open your private booking page (the link in your first mail) to pay the booking amount and enter the UPI transaction id.",
    ].join("\n"),
  };
}

/** Sent when the rider asks for their booking ("Find my booking"): a fresh private link; the old one no longer works. */
export function bookingLinkMail({
  ride,
  registration,
  link,
}: {
  ride: MailRide;
  registration: Registration;
  link: string;
}): Mail {
  return {
    to: registration.email,
    subject: `Your booking link: ${ride.title} — booking ${registration.reference}`,
    text: [
      `Hello ${registration.name},`,
      "",
      `You asked for your booking for ${rideLine(ride)}. Here is a fresh link to your private booking page (see, change or cancel your registration):`,
      link,
      "",
      `Booking reference: ${registration.reference}`,
      `Status: ${RIDER_STATUS_LABELS[registration.status]}`,
      "",
      "Links sent to you before no longer open your booking. If you did not ask for this, you can ignore this mail: only this link opens your booking.",
    ].join("\n"),
  };
}
