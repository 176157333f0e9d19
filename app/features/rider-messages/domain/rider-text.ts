import { bookingHref, CONTACT_PATH, findBookingLine } from "~/domain/links";
import { groupInviteFor } from "~/domain/registration/group-invite";
import { whatsappHref } from "~/domain/registration/rider-contact";
import type { RegistrationStatus } from "~/domain/registration/settings";

// One rider's copy of a message (docs/features/rider-messages.md): the ride's text with the
// rider's greeting and private link around it. The same words go by email, push and WhatsApp.

export type RiderCopy = {
  /** The rider's name as they gave it; empty once erased (no copy is made then). */
  name: string;
  rideTitle: string;
  subject: string;
  body: string;
  /** The rider's private booking page, or null when the message cannot carry it. */
  link: string | null;
  /** What the rider still owes, in a reminder ("Your balance of ₹28,500 is due by …"). */
  balanceLine?: string | null;
  /** The ride's WhatsApp group, for confirmed riders only. */
  groupLink?: string | null;
  /**
   * The way back to a lost link: "Find my booking" on the site while the ride is upcoming (it
   * finds no other booking, booking-link.server.ts), else this message, or a reply when a mail's
   * reply reaches the organisers, or the contact page; null when the message carries no links.
   */
  wayBack?: string | null;
};

/** The line that tells a rider how to get back to their booking when they lose its link. */
function wayBackOf(origin: string | null, rideStatus: string, link: string | null, canReply: boolean): string | null {
  if (!origin) return null;
  // "Find my booking" finds the bookings of upcoming rides only (mailFreshLinks).
  if (rideStatus === "upcoming") return findBookingLine(origin);
  if (link) return "Keep this message: it is the way back to your booking.";
  // A reply goes nowhere without a Reply-To (the sender is no-reply).
  return canReply
    ? "Reply to this message for the link to your booking."
    : `Ask the organisers for the link to your booking: ${origin}${CONTACT_PATH}`;
}

/**
 * One rider's copy of a ride's message, the same on every channel: their link when the message
 * carries links (its origin) and the token could be opened, the ride's group when their seat is
 * confirmed, and the balance line a reminder gives. `canReply`: the site's mail has a Reply-To
 * the organisers read (mail/reply-to.server.ts).
 */
export function riderCopyOf({
  registration,
  ride,
  message,
  token,
  balanceLine,
  canReply,
}: {
  registration: { name: string; status: RegistrationStatus };
  ride: { title: string; whatsappGroupUrl?: string; status: string };
  message: { subject: string; body: string; origin: string | null };
  token: string | null;
  balanceLine: string | null;
  canReply: boolean;
}): RiderCopy {
  const { origin } = message;
  const link = token && origin ? origin + bookingHref(token) : null;
  return {
    name: registration.name,
    rideTitle: ride.title,
    subject: message.subject,
    body: message.body,
    link,
    balanceLine,
    groupLink: groupInviteFor(ride, registration),
    wayBack: wayBackOf(origin, ride.status, link, canReply),
  };
}

/** The first word of a name, for a greeting ("Hi Asha,"). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

export function riderText(copy: RiderCopy): string {
  const greeting = firstName(copy.name);
  const lines = [greeting ? `Hi ${greeting},` : "Hello,", "", copy.body];
  if (copy.balanceLine) lines.push("", copy.balanceLine);
  if (copy.groupLink) lines.push("", `The ride's WhatsApp group: ${copy.groupLink}`);
  if (copy.link) lines.push("", `Your booking: ${copy.link}`);
  if (copy.wayBack) lines.push(...(copy.link ? [] : [""]), copy.wayBack);
  return lines.join("\n");
}

/** The mail subject: what it is about, then which ride. */
export function riderSubject(copy: Pick<RiderCopy, "subject" | "rideTitle">): string {
  return copy.subject.includes(copy.rideTitle) ? copy.subject : `${copy.subject} — ${copy.rideTitle}`;
}

/** A `wa.me` link that opens the rider's chat with the message typed in, or null without a number. */
export function whatsappMessageHref(phone: string | null, text: string): string | null {
  const chat = whatsappHref(phone ?? "");
  return chat ? `${chat}?text=${encodeURIComponent(text)}` : null;
}
