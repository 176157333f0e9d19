import { z } from "zod";
import { distanceKm } from "./distance";
import {
  flag,
  isoDate,
  multilineText,
  optionalHttpUrl,
  optionalImageUrl,
  optionalIsoDate,
  optionalWhatsappGroupUrl,
  requiredMultilineText,
  requiredText,
  text,
  textList,
} from "./fields";
import { registrationSettingsSchema } from "./registration/settings";
import { coerceParticipants, MAX_PARTICIPANTS, MAX_RIDE_KM } from "./ride-values";

export const RIDE_STATUSES = ["upcoming", "completed", "cancelled"] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];
export const INVALID_RIDE_STATUS = "Status must be upcoming, completed or cancelled";

/** The one check of a status from outside the code: a form, a request, a stored row. */
export function isRideStatus(value: unknown): value is RideStatus {
  return RIDE_STATUSES.includes(value as RideStatus);
}

export const DIFFICULTIES = ["Easy", "Moderate", "Challenging", "Difficult"] as const;

export const itineraryDaySchema = z.object({
  day: z.coerce.number().int().min(1),
  title: text(),
  description: multilineText(),
  distance: text(),
  activities: textList(),
});
export type ItineraryDay = z.infer<typeof itineraryDaySchema>;

const isoDateValue = isoDate("");

/** Whether each of these fields of a submitted ride is a valid date (both sides of a comparison). */
function validDates(value: unknown, ...fields: string[]): boolean {
  const ride = (value ?? {}) as Record<string, unknown>;
  return fields.every((field) => isoDateValue.safeParse(ride[field]).success);
}

/**
 * What an admin submits for a ride (product.md#content-model, #ride-validation). Server-managed fields (id, duration,
 * createdAt, updatedAt, order) are not part of it: any id in incoming data is ignored.
 */
export const rideInputSchema = z
  .object({
    title: requiredText("Title is required"),
    startDate: isoDate("Start date is required"),
    endDate: isoDate("End date is required"),
    image: optionalImageUrl("Image must be a valid URL"),
    description: requiredMultilineText("Description is required"),
    distance: requiredText("Distance is required").refine(
      (distance) => distanceKm(distance) <= MAX_RIDE_KM,
      `Distance must be at most ${MAX_RIDE_KM.toLocaleString("en-US")} km`,
    ),
    // optional(): a form that omits the field still gets 0 rather than a type error.
    participants: z
      .unknown()
      .optional()
      .transform((value) => coerceParticipants(value))
      .refine(
        (participants) => participants <= MAX_PARTICIPANTS,
        `Participants must be at most ${MAX_PARTICIPANTS.toLocaleString("en-US")}`,
      ),
    status: z.enum(RIDE_STATUSES, { error: INVALID_RIDE_STATUS }).default("upcoming"),
    featured: flag(false),
    tripCost: text(),
    bookingCost: text(),
    lastBookingDate: optionalIsoDate("Last booking date must be a valid date"),
    bookingFormUrl: optionalHttpUrl("Booking form URL must be a valid URL"),
    // Absent on rides saved before registrations existed, and on imports of them: such a ride
    // keeps its external booking form (registrationSettingsOf).
    registration: registrationSettingsSchema.optional(),
    // The ride's WhatsApp group: private, shown only to confirmed riders on their booking page
    // (withoutPrivateFields keeps it off every public page).
    whatsappGroupUrl: optionalWhatsappGroupUrl(
      "WhatsApp group link must be a group invite link, like https://chat.whatsapp.com/AbCdEf123456",
    ),
    youtubeUrl: optionalHttpUrl("YouTube URL must be a valid URL"),
    instagramUrl: optionalHttpUrl("Instagram URL must be a valid URL"),
    vehicleType: text(),
    difficulty: z.union([z.literal(""), z.enum(DIFFICULTIES)]).default(""),
    maxParticipants: text(),
    bestSeason: text(),
    // Where the ride starts, when it has no route with a meeting point: search engines' Event place.
    startingPlace: text(),
    highlights: textList(),
    itinerary: z.array(itineraryDaySchema).default([]),
    included: textList(),
    excluded: textList(),
    thingsToCarryMandatory: textList(),
    thingsToCarrySuggested: textList(),
    cancellationPolicy: multilineText(),
    paymentTerms: multilineText(),
    howToJoin: multilineText(),
  })
  // Checked whenever the dates compared are valid, so the admin sees these errors together with
  // any other field's error instead of only after fixing those.
  .refine((ride) => ride.endDate >= ride.startDate, {
    message: "End date cannot be before start date",
    path: ["endDate"],
    when: ({ value }) => validDates(value, "startDate", "endDate"),
  })
  // Registration closes at the end of the last booking date (registrationCutoff): a later day
  // (a typo in the year) would keep it open after the ride has happened.
  .refine((ride) => ride.lastBookingDate <= ride.endDate, {
    message: "Last booking date cannot be after the ride's end date",
    path: ["lastBookingDate"],
    when: ({ value }) => validDates(value, "endDate", "lastBookingDate"),
  });
export type RideInput = z.infer<typeof rideInputSchema>;

/** A stored ride as services return it (product.md#content-model). */
export type Ride = RideInput & {
  id: string;
  duration: string;
  order: number | null;
  /** Legacy numeric or text price of older rides; tripCost takes precedence. */
  price: string;
  /** Legacy single carry list, kept for the record; split by migrateLegacyRide. */
  thingsToCarry: string[];
  createdAt: string;
  updatedAt: string;
  /** Increments on every write; a save of a stale copy is refused. */
  version: number;
};
