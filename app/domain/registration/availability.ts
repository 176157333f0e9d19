import { parseIsoDate } from "../dates";
import { OPTION_SEATS, registrationSettingsOf, type RegistrationOption, type RegistrationSettings } from "./settings";

// What a ride's registration settings (./settings.ts) mean for a rider right now (decision 019):
// whether the ride takes registrations on this site, the seats left, the seats text of its card
// and page, and why a registration is refused.

/** At this many seats left or fewer, the seats text says "Only". */
export const FEW_SEATS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;
/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

type RideWindow = { status: string; startDate: string; lastBookingDate: string };

/**
 * The instant registrations close: the end of the last booking date in India, whatever the
 * server's time zone; without one, the start of the ride's first day. Null when neither is a date.
 */
export function registrationCutoff(ride: Pick<RideWindow, "startDate" | "lastBookingDate">): Date | null {
  const lastDay = parseIsoDate(ride.lastBookingDate);
  const endOfDay = lastDay ? lastDay.getTime() + DAY_MS : parseIsoDate(ride.startDate)?.getTime();
  return endOfDay === undefined ? null : new Date(endOfDay - INDIA_OFFSET_MS);
}

export type ClosedReason = "closed" | "completed" | "cancelled" | "cutoff" | "full";

/** Whether a ride takes registrations on this site right now, and how many seats are left. */
export type Availability =
  | { state: "external" }
  | { state: "closed"; reason: ClosedReason }
  | { state: "open"; seatsLeft: number }
  /** Full (or too few seats for a rider with pillion), but riders may join the waitlist. */
  | { state: "waitlist"; seatsLeft: number };

/** Seats left: never below zero, even when the admin lowered the capacity under the seats booked. */
export function seatsLeft(settings: RegistrationSettings, bookedSeats: number): number {
  return Math.max(0, settings.seats - bookedSeats);
}

export function registrationAvailability(
  ride: RideWindow & { registration?: RegistrationSettings },
  bookedSeats: number,
  now: Date,
): Availability {
  const settings = registrationSettingsOf(ride);
  if (settings.mode === "external") return { state: "external" };
  if (ride.status === "completed" || ride.status === "cancelled") return { state: "closed", reason: ride.status };
  if (settings.mode === "closed") return { state: "closed", reason: "closed" };
  const cutoff = registrationCutoff(ride);
  if (cutoff && now.getTime() >= cutoff.getTime()) return { state: "closed", reason: "cutoff" };
  const left = seatsLeft(settings, bookedSeats);
  if (left > 0) return { state: "open", seatsLeft: left };
  return settings.waitlist ? { state: "waitlist", seatsLeft: 0 } : { state: "closed", reason: "full" };
}

/**
 * The seats text of a ride card and page; null for a ride using its external form (the page
 * product.md#ride-page describes, unchanged). "Only …" at FEW_SEATS seats left or fewer.
 */
export function seatsText(availability: Availability): string | null {
  switch (availability.state) {
    case "external":
      return null;
    case "closed":
      return "Registration closed";
    case "waitlist":
      return "Full — join the waitlist";
    case "open": {
      const n = availability.seatsLeft;
      const seatsWord = n === 1 ? "seat" : "seats";
      return n <= FEW_SEATS ? `Only ${n} ${seatsWord} left` : `${n} ${seatsWord} left`;
    }
  }
}

/** Why the server refuses a registration, as the rider reads it. */
export const REFUSALS: Readonly<Record<ClosedReason | "external", string>> = {
  external: "This ride takes registrations through its booking form.",
  closed: "Registration for this ride is closed.",
  completed: "This ride has already taken place.",
  cancelled: "This ride has been cancelled.",
  cutoff: "Registration closed: the last booking date has passed.",
  full: "This ride is full.",
};

/**
 * The refusal for a rider whose option needs more seats than are left, with no waitlist; only a
 * rider with a pillion needs more than one.
 */
export function notEnoughSeats(left: number, option: RegistrationOption): string {
  return `Only ${left} ${left === 1 ? "seat" : "seats"} left: a rider with a pillion needs ${OPTION_SEATS[option]}.`;
}
