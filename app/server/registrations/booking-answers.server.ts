import { data, redirect } from "react-router";
import { bookingHref } from "~/domain/links";
import type { BookingAnswerData, BookingRefusal } from "../registries/booking-section.server";

// What every answer of the rider's private booking page carries (routes/public/booking.tsx,
// decision 020), its own forms' and its sections' alike (registries/booking-section.server.ts).

export const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  // Not no-referrer: with it, browsers send `Origin: null` on the page's own form posts, which
  // the cross-site guard (server/security.ts) refuses. same-origin sends no referrer to any
  // other site, which is what keeps the link private.
  "Referrer-Policy": "same-origin",
};

/** The page again, saying why a form was refused. */
export function refused(status: number, answer: BookingRefusal, headers: Record<string, string> = {}) {
  return data<BookingAnswerData>(answer, { status, headers: { ...PRIVATE_HEADERS, ...headers } });
}

/** Back to the page, which says what the change did (`?done=`, one of the page's notices). */
export function done(token: string, notice: string) {
  return redirect(`${bookingHref(token)}?done=${notice}`, { status: 303, headers: PRIVATE_HEADERS });
}

export const FAILED = "That could not be saved right now. Please try again in a few minutes.";
export const GONE = "This link no longer opens a registration.";
