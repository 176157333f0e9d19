// A ride's plain values, apart from its schema (ride.ts): public pages use them, and importing
// them from there would bring the validation library into the visitor's bundle.

/**
 * A ride's optional fields with nothing filled in: the values rideInputSchema gives fields a
 * form leaves out. New lists on every call, so no two rides or drafts share one.
 */
export function emptyRideDetails() {
  return {
    featured: false,
    tripCost: "",
    bookingCost: "",
    lastBookingDate: "",
    bookingFormUrl: "",
    whatsappGroupUrl: "",
    youtubeUrl: "",
    instagramUrl: "",
    vehicleType: "",
    difficulty: "" as const,
    maxParticipants: "",
    bestSeason: "",
    startingPlace: "",
    highlights: [],
    itinerary: [],
    included: [],
    excluded: [],
    thingsToCarryMandatory: [],
    thingsToCarrySuggested: [],
    cancellationPolicy: "",
    paymentTerms: "",
    howToJoin: "",
  };
}

/**
 * A ride as visitors may have it: without the fields only its riders or organisers see (the
 * WhatsApp group's invite link, shown to confirmed riders on their booking page). Every public
 * loader's ride passes through here (getPublicRide, listPublicRides, rideForDisplay).
 */
export function withoutPrivateFields<R extends { whatsappGroupUrl: string }>(ride: R): R {
  return { ...ride, whatsappGroupUrl: "" };
}

/**
 * The most riders one ride can have, and its longest distance in km (a ride round the world is
 * about 40,000). Forms refuse more; statistics count no more of one ride, so their sums stay
 * exact integers whatever is stored.
 */
export const MAX_PARTICIPANTS = 10_000;
export const MAX_RIDE_KM = 100_000;

/** Participants count only if a non-negative number or numeric string, otherwise 0 (product.md#statistics). */
export function coerceParticipants(value: unknown): number {
  const number =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? Math.floor(number) : 0;
}
