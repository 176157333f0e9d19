import { z } from "zod";
import { parseIsoDate } from "../dates";
import { flag, line } from "../fields";
import { MAX_PARTICIPANTS } from "../ride-values";

// A ride's registration settings (decision 019) and what they mean for a rider: whether the ride
// takes registrations on this site, and the seats text of its card and page.

/**
 * "external": Register Now opens the ride's bookingFormUrl (as product.md#registration
 * describes, and every ride saved before registrations existed); "site": riders register here;
 * "closed": nobody can.
 */
export const REGISTRATION_MODES = ["external", "site", "closed"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** What a rider books: alone on their own bike, on their own bike with a pillion, or on a rental bike. */
export const REGISTRATION_OPTIONS = ["solo", "pillion", "rental"] as const;
export type RegistrationOption = (typeof REGISTRATION_OPTIONS)[number];

/** A confirmed registration holds its seats; a waitlisted one waits for them; a cancelled one holds none. */
export const REGISTRATION_STATUSES = ["confirmed", "waitlisted", "cancelled"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The booking amount: due until an admin has seen it arrive. */
export const PAYMENT_STATES = ["due", "paid"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A pillion takes a seat of their own. */
export const OPTION_SEATS: Readonly<Record<RegistrationOption, number>> = { solo: 1, pillion: 2, rental: 1 };

export const OPTION_LABELS: Readonly<Record<RegistrationOption, string>> = {
  solo: "Solo rider (own bike)",
  pillion: "Rider with pillion (own bike, 2 seats)",
  rental: "Rental bike",
};

/** A ride has at most as many seats as it may have participants. */
export const MAX_SEATS = MAX_PARTICIPANTS;
export const MAX_PRICE_LENGTH = 100;
/** At this many seats left or fewer, the seats text says "Only". */
export const FEW_SEATS = 3;

const SEATS_MESSAGE = `Seats must be a whole number from 1 to ${MAX_SEATS.toLocaleString("en-US")}`;
const PRICE_MESSAGE = `Price must be at most ${MAX_PRICE_LENGTH} characters`;

/** Seats from JSON (a number) or a form ('' when the admin left it empty, read as none). */
const seats = z
  .union(
    [
      z.number(),
      z.literal("").transform(() => 0),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ],
    { error: SEATS_MESSAGE },
  )
  .pipe(z.number().int(SEATS_MESSAGE).min(0, SEATS_MESSAGE).max(MAX_SEATS, SEATS_MESSAGE))
  .default(0);

/** An option's price, shown as tripCost is (formatCost): '₹' added when left out, hidden when empty or zero. */
const option = (offered: boolean) =>
  z
    .object({ offered: flag(offered), price: line().max(MAX_PRICE_LENGTH, PRICE_MESSAGE).default("") })
    .default({ offered, price: "" });

export const registrationSettingsSchema = z
  .object({
    mode: z
      .enum(REGISTRATION_MODES, { error: "Registration must be the external form, on this site or closed" })
      .default("external"),
    seats,
    options: z.object({ solo: option(true), pillion: option(false), rental: option(false) }).default({
      solo: { offered: true, price: "" },
      pillion: { offered: false, price: "" },
      rental: { offered: false, price: "" },
    }),
    waitlist: flag(true),
    askLicence: flag(false),
  })
  .superRefine((settings, ctx) => {
    if (settings.mode !== "site") return;
    if (settings.seats < 1) ctx.addIssue({ code: "custom", path: ["seats"], message: SEATS_MESSAGE });
    if (!REGISTRATION_OPTIONS.some((name) => settings.options[name].offered)) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "Offer at least one option" });
    }
  });
export type RegistrationSettings = z.output<typeof registrationSettingsSchema>;

/** The settings of a ride saved without any: Register Now opens its booking form, as before. */
export const EXTERNAL_REGISTRATION: RegistrationSettings = registrationSettingsSchema.parse({});

export function registrationSettingsOf(ride: { registration?: RegistrationSettings }): RegistrationSettings {
  return ride.registration ?? EXTERNAL_REGISTRATION;
}

export function offeredOptions(settings: RegistrationSettings): RegistrationOption[] {
  return REGISTRATION_OPTIONS.filter((name) => settings.options[name].offered);
}

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
