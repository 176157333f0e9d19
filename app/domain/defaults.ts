import type { SiteConfig } from "./content";
import { migrateLegacyRide } from "./legacy";
import type { Ride } from "./ride";
import { withoutPrivateFields } from "./ride-values";

// product.md#display-defaults: what a visitor sees where an admin left a ride field empty.

export const DEFAULT_VEHICLE_TYPE = "Bike/Car";
export const DEFAULT_GROUP_SIZE = "15-20";

// The specification this product started from named these lists but not their contents;
// these are what a typical group tour of the community offers (product.md#display-defaults).
export const DEFAULT_HIGHLIGHTS = [
  "Scenic routes through mountains, forests and countryside",
  "Experienced ride captain and sweep rider",
  "Group riding with like-minded travellers",
  "Local food and culture along the way",
  "Photo stops at the best viewpoints",
];

export const DEFAULT_INCLUDED = [
  "Accommodation on twin/triple sharing basis",
  "Breakfast and dinner during the trip",
  "Ride captain and backup support",
  "First-aid kit and basic mechanical support",
  "Route planning and permits where required",
];

export const DEFAULT_EXCLUDED = [
  "Fuel and vehicle rental",
  "Lunch, snacks and beverages",
  "Toll charges and parking fees",
  "Personal expenses and entry tickets",
  "Anything not listed under inclusions",
];

export const DEFAULT_CARRY_MANDATORY = [
  "Rain coat",
  "Jacket/thermal wear",
  "Driving licence",
  "Vehicle documents",
  "Aadhaar card",
  "Riding gear",
];

export const DEFAULT_CARRY_SUGGESTED = [
  "Power bank",
  "Sunglasses",
  "Camera",
  "Water bottle",
  "Snacks",
  "Personal medication",
];

// Policies are lists of points because the detail page shows them as bullet points. A ride
// stores its own policy as text, one point per line (see policyPoints).
export const DEFAULT_CANCELLATION_POLICY = [
  "Bookings once done cannot be cancelled.",
  "The amount paid can be used for a future trip.",
  "No refund will be given.",
];

export const DEFAULT_PAYMENT_TERMS = [
  "The booking amount confirms your spot.",
  "The remaining amount is to be paid before the trip starts.",
  "Payment can be made by UPI, bank transfer or cash.",
];

export const DEFAULT_BUSINESS_HOURS = "Mon-Sat 9 AM-6 PM";
export const RESPONSE_TIME_NOTE = "We respond within 24 hours";

/**
 * The fallback contact data (product.md#public-fallbacks), shown when no configuration is
 * stored or it fails to load. Placeholders: a real deployment stores its own configuration from
 * the admin portal.
 */
export const FALLBACK_CONFIG: SiteConfig = {
  company: {
    name: "Roadbook Riders",
    email: "hello@roadbookriders.in",
    phone: "+91 98765 43210",
    location: "Bengaluru, Karnataka, India",
    businessHours: DEFAULT_BUSINESS_HOURS,
  },
  socialMedia: {
    instagram: "https://www.instagram.com/roadbookriders",
    youtube: "https://www.youtube.com/@roadbookriders",
    whatsapp: "https://wa.me/919876543210",
    email: "mailto:hello@roadbookriders.in",
  },
  googleForm: "https://forms.gle/roadbookriders",
};

/** The points of a policy text, one per non-blank line. */
export function policyPoints(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const orDefault = (value: string, fallback: string) => (value.trim() === "" ? fallback : value);
const listOrDefault = (list: string[] | undefined, fallback: string[]) =>
  list && list.length > 0 ? list : [...fallback];

/**
 * A ride as the detail page shows it: a legacy carry list split first, then every empty
 * display field replaced by its default, each field on its own (a ride with its own
 * mandatory list but no suggested one shows the default suggestions). Default policies
 * become text with one point per line, like an admin's. Never mutates the ride.
 */
export function rideForDisplay(ride: Ride): Ride {
  const migrated = withoutPrivateFields(migrateLegacyRide(ride) as Ride);
  return {
    ...migrated,
    vehicleType: orDefault(ride.vehicleType ?? "", DEFAULT_VEHICLE_TYPE),
    maxParticipants: orDefault(ride.maxParticipants ?? "", DEFAULT_GROUP_SIZE),
    highlights: listOrDefault(ride.highlights, DEFAULT_HIGHLIGHTS),
    included: listOrDefault(ride.included, DEFAULT_INCLUDED),
    excluded: listOrDefault(ride.excluded, DEFAULT_EXCLUDED),
    thingsToCarryMandatory: listOrDefault(migrated.thingsToCarryMandatory, DEFAULT_CARRY_MANDATORY),
    thingsToCarrySuggested: listOrDefault(migrated.thingsToCarrySuggested, DEFAULT_CARRY_SUGGESTED),
    // A ride with cancellation rules says them (docs/features/cancellation.md): the default
    // words ("No refund will be given") would contradict them.
    cancellationPolicy: ride.registration?.cancellation
      ? (ride.cancellationPolicy ?? "")
      : orDefault(ride.cancellationPolicy ?? "", DEFAULT_CANCELLATION_POLICY.join("\n")),
    paymentTerms: orDefault(ride.paymentTerms ?? "", DEFAULT_PAYMENT_TERMS.join("\n")),
  };
}
