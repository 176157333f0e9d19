import { type BalancePayment, type BookingPayment, RIDER_STATUS_LABELS } from "~/domain/registration/booking-page";
import { formatDateRange } from "~/domain/dates";
import { groupInviteFor } from "~/domain/registration/group-invite";
import { OPTION_LABELS } from "~/domain/registration/settings";
import { findBookingLine } from "~/domain/links";
import type { Ride } from "~/domain/ride";
import type { Mail } from "../mail/mailer.server";
import type { Registration } from "./rows.server";

// The mails to riders (decision 020): plain text, in words true in a mail. The booking page's
// steps speak of a QR code and fields "below", which a mail does not have: a mail gives the
// links themselves (the UPI app's, the group's, the booking page's) and sends the rider to their
// booking page for the rest.

type MailRide = Pick<Ride, "title" | "startDate" | "endDate" | "status" | "whatsappGroupUrl">;

function rideLine(ride: MailRide): string {
  return `${ride.title} (${formatDateRange(ride.startDate, ride.endDate)})`;
}

/** How to pay the booking amount: the UPI link opens the rider's UPI app on a phone; the QR code is on their page. */
function bookingPayLines(payment: BookingPayment, reference: string): string[] {
  if (payment.paid && payment.covered)
    return [`Your credit of ${payment.credit} paid the booking amount: nothing to pay for it.`];
  if (payment.paid) return ["The organisers have the booking amount: nothing to pay for it."];
  if (payment.claimedUtr)
    return [
      `You gave the UTR of the booking amount (${payment.claimedUtr}): the organisers will confirm once they see it.`,
    ];
  const what = payment.credit
    ? `${payment.credit} of the booking amount is paid with your credit. Pay the rest, ${payment.amount},`
    : `Pay the booking amount of ${payment.amount}`;
  if (payment.link)
    return [
      `${what} by UPI. On your phone, this link opens your UPI app with the amount and note filled in:`,
      payment.link,
      `Or scan the QR code on your booking page, or pay to UPI id ${payment.payeeId}${payment.payeeName ? ` (${payment.payeeName})` : ""} with the note ${reference}.`,
      "Then enter the UPI transaction id (UTR) on your booking page, so the organisers can match your payment.",
    ];
  if (payment.amount)
    return [`${what} as the ride's payment terms say; the organisers will confirm when they receive it.`];
  return ["The organisers will tell you how to pay."];
}

/** The balance still to pay, or nothing: its own UPI link and note, its UTR on the booking page. */
function balanceLines(balance: BalancePayment | null): string[] {
  if (!balance || balance.paid) return [];
  const when = balance.dueNow
    ? `You booked after the balance's due date, so the balance of ${balance.amount} is due now too`
    : balance.overdue
      ? `The balance of ${balance.amount} was due on ${balance.dueDate}: please pay it now`
      : `Pay the balance of ${balance.amount}${balance.dueDate ? ` by ${balance.dueDate}` : ""}, before the ride starts`;
  if (!balance.link) return [`${when}; the organisers will confirm when they receive it.`];
  return [
    `${when}, by UPI with the note "${balance.note}":`,
    balance.link,
    "Then enter its UTR in the balance's own field on your booking page.",
  ];
}

/** What a waitlisted or confirmed rider does next, as a mail can say it. */
function nextStepLines(
  ride: MailRide,
  registration: Registration,
  payment: BookingPayment,
  balance: BalancePayment | null,
): string[] {
  if (registration.status === "waitlisted")
    return [
      "The ride is full: you are on the waitlist, in the order riders registered.",
      "When a seat frees up, the first rider on the waitlist who fits is confirmed and told by email. Your booking page always shows where your booking stands.",
      "Pay only once you are confirmed.",
    ];
  const group = groupInviteFor(ride, registration);
  const balanceDue = balanceLines(balance);
  return [
    "Your seat is held for you.",
    "",
    ...bookingPayLines(payment, registration.reference),
    ...(balanceDue.length ? ["", ...balanceDue] : []),
    ...(group ? ["", `Join the ride's WhatsApp group: ${group}`] : []),
  ];
}

/**
 * Sent on registering (or on taking over a seat): status, reference, what to do next, the
 * ride's group for a confirmed seat, the private link and Find my booking for a lost one.
 */
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
  /** The private booking page, absolute: Find my booking is on the same origin. */
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
    ...nextStepLines(ride, registration, payment, balance),
    "",
    ...bookingLinkLines(ride, link),
  ];
  return {
    to: registration.email,
    subject: `${status}: ${ride.title} — booking ${registration.reference}`,
    text: lines.join("\n"),
  };
}

/** The private link and, while the ride is upcoming, Find my booking on the same origin. */
function bookingLinkLines(ride: MailRide, link: string): string[] {
  return [
    "Your private booking page (see, change or cancel your registration; anyone with this link can):",
    link,
    // Find my booking finds the bookings of upcoming rides only.
    ...(ride.status === "upcoming" ? [findBookingLine(new URL(link).origin)] : []),
  ];
}

/**
 * Sent to a waitlisted rider confirmed into a freed seat: what to do now, as the confirmation
 * says it, with their private link when it can be opened (link-seal.server.ts) and the site's
 * origin is known; else the link of their first mail and Find my booking.
 */
export function promotionMail({
  ride,
  registration,
  payment,
  balance = null,
  link,
  origin,
}: {
  ride: MailRide;
  registration: Registration;
  payment: BookingPayment;
  balance?: BalancePayment | null;
  link: string | null;
  /** PUBLIC_URL's origin, for Find my booking when there is no link; null: unknown. */
  origin: string | null;
}): Mail {
  const lost = ride.status === "upcoming" && origin ? [findBookingLine(origin)] : [];
  return {
    to: registration.email,
    subject: `A seat is yours: ${ride.title} — booking ${registration.reference}`,
    text: [
      `Hello ${registration.name},`,
      "",
      `A seat has freed up on ${rideLine(ride)} and you were next on the waitlist: your registration ${registration.reference} is now confirmed.`,
      "",
      ...nextStepLines(ride, registration, payment, balance),
      "",
      ...(link ? bookingLinkLines(ride, link) : ["Your private booking page is the link in your first mail.", ...lost]),
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
