import type { CancellationPolicy } from "~/domain/registration/cancellation-policy";
import { generateItinerary } from "~/domain/itinerary";
import {
  EXTERNAL_REGISTRATION,
  keepsCreditOnCancel,
  type RegistrationMode,
  type RegistrationOption,
  type RegistrationSettings,
  registrationSettingsOf,
  remindersOf,
} from "~/domain/registration/settings";
import type { ItineraryDay, Ride, RideStatus } from "~/domain/ride";
import { emptyRideDetails } from "~/domain/ride-values";
import { fromListItems, type ListItem, toListItems } from "../form/list-item";

/**
 * The ride form's state. Lists hold keyed entries (ListItem); numbers are kept as typed and
 * left to the shared schema to coerce, exactly as the server does.
 */

export type DraftDay = {
  day: number;
  title: string;
  description: string;
  distance: string;
  activities: ListItem[];
};

export const LIST_FIELDS = [
  "highlights",
  "included",
  "excluded",
  "thingsToCarryMandatory",
  "thingsToCarrySuggested",
] as const;
export type ListField = (typeof LIST_FIELDS)[number];

/** The Registration section: seats and days as typed (the schema coerces them, as the server does). */
export type RegistrationDraft = {
  mode: RegistrationMode;
  seats: string;
  options: Record<RegistrationOption, { offered: boolean; price: string }>;
  waitlist: boolean;
  askLicence: boolean;
  creditOnCancel: boolean;
  balanceDueDays: string;
  /** GST on the ride's money documents: SAC and rate ('' for the organiser's). */
  sac: string;
  gstRate: string;
  /** The automatic reminders: each rule on or off and its days before, as typed; the extra text. */
  reminders: ReminderDraft;
  /** The cancellation rules as typed (the fee in rupees); null: none set, the ride keeps its old rule (legacyPolicy). */
  cancellation: CancellationDraft | null;
};

export type CancellationDraft = {
  tiers: { daysBefore: string; keepPercent: string }[];
  fee: string;
  bookingAmountKept: boolean;
};

function toCancellationDraft(policy: CancellationPolicy | undefined): CancellationDraft | null {
  if (!policy) return null;
  return {
    tiers: policy.tiers.map((tier) => ({ daysBefore: String(tier.daysBefore), keepPercent: String(tier.keepPercent) })),
    fee: policy.feePaise === 0 ? "" : String(policy.feePaise / 100),
    bookingAmountKept: policy.bookingAmountKept,
  };
}

export type ReminderDraft = {
  week: { on: boolean; daysBefore: string };
  eve: { on: boolean; daysBefore: string };
  extra: string;
};

function toRegistrationDraft(settings: RegistrationSettings): RegistrationDraft {
  const { solo, pillion, rental } = settings.options;
  return {
    mode: settings.mode,
    seats: settings.seats === 0 ? "" : String(settings.seats),
    options: { solo: { ...solo }, pillion: { ...pillion }, rental: { ...rental } },
    waitlist: settings.waitlist,
    askLicence: settings.askLicence,
    creditOnCancel: keepsCreditOnCancel(settings),
    balanceDueDays: String(settings.balanceDueDays),
    sac: settings.sac ?? "",
    gstRate: settings.gstRate ?? "",
    reminders: toReminderDraft(settings),
    cancellation: toCancellationDraft(settings.cancellation),
  };
}

/** The ride's own reminders, or the site's for a ride saved before reminders existed. */
function toReminderDraft(settings: RegistrationSettings): ReminderDraft {
  const { week, eve, extra } = remindersOf({ registration: settings });
  return {
    week: { on: week.on, daysBefore: String(week.daysBefore) },
    eve: { on: eve.on, daysBefore: String(eve.daysBefore) },
    extra,
  };
}

export type RideDraft = {
  title: string;
  startDate: string;
  endDate: string;
  image: string;
  description: string;
  distance: string;
  participants: string;
  status: RideStatus;
  featured: boolean;
  tripCost: string;
  bookingCost: string;
  lastBookingDate: string;
  bookingFormUrl: string;
  registration: RegistrationDraft;
  whatsappGroupUrl: string;
  youtubeUrl: string;
  instagramUrl: string;
  vehicleType: string;
  difficulty: string;
  maxParticipants: string;
  bestSeason: string;
  startingPlace: string;
  itinerary: DraftDay[];
  cancellationPolicy: string;
  paymentTerms: string;
  howToJoin: string;
} & Record<ListField, ListItem[]>;

export type TextField = { [K in keyof RideDraft]: RideDraft[K] extends string ? K : never }[keyof RideDraft];

function toDraftDay(day: ItineraryDay): DraftDay {
  return {
    day: day.day,
    title: day.title,
    description: day.description,
    distance: day.distance,
    activities: toListItems(day.activities),
  };
}

function blankDay(day: number): DraftDay {
  return { day, title: "", description: "", distance: "", activities: [] };
}

/** Defaults of a new ride (product.md#new-rides): status upcoming, participants 0. */
export function emptyRideDraft(): RideDraft {
  return {
    title: "",
    startDate: "",
    endDate: "",
    image: "",
    description: "",
    distance: "",
    participants: "0",
    status: "upcoming",
    ...emptyRideDetails(),
    registration: toRegistrationDraft(EXTERNAL_REGISTRATION),
  };
}

/** The form filled with a stored ride, for editing. */
export function rideToDraft(ride: Ride): RideDraft {
  return {
    title: ride.title,
    startDate: ride.startDate,
    endDate: ride.endDate,
    image: ride.image,
    description: ride.description,
    distance: ride.distance,
    participants: String(ride.participants),
    status: ride.status,
    featured: ride.featured,
    tripCost: ride.tripCost,
    bookingCost: ride.bookingCost,
    lastBookingDate: ride.lastBookingDate,
    bookingFormUrl: ride.bookingFormUrl,
    registration: toRegistrationDraft(registrationSettingsOf(ride)),
    whatsappGroupUrl: ride.whatsappGroupUrl,
    youtubeUrl: ride.youtubeUrl,
    instagramUrl: ride.instagramUrl,
    vehicleType: ride.vehicleType,
    difficulty: ride.difficulty,
    maxParticipants: ride.maxParticipants,
    bestSeason: ride.bestSeason,
    startingPlace: ride.startingPlace,
    highlights: toListItems(ride.highlights),
    itinerary: ride.itinerary.map(toDraftDay),
    included: toListItems(ride.included),
    excluded: toListItems(ride.excluded),
    thingsToCarryMandatory: toListItems(ride.thingsToCarryMandatory),
    thingsToCarrySuggested: toListItems(ride.thingsToCarrySuggested),
    cancellationPolicy: ride.cancellationPolicy,
    paymentTerms: ride.paymentTerms,
    howToJoin: ride.howToJoin,
  };
}

/**
 * Duplicate (product.md#new-rides): the ride's details without its id, the title suffixed ' (Copy)' and
 * status upcoming. The admin reviews it in the form; saving creates the new ride (product.md#messages:
 * 'Modify the details and save to create a new ride.').
 */
export function duplicateRideDraft(ride: Ride): RideDraft {
  return { ...rideToDraft(ride), title: `${ride.title} (Copy)`, status: "upcoming" };
}

/** What the form submits: the shape rideInputSchema validates, on both sides. */
export function draftToInput(draft: RideDraft) {
  const { cancellation, ...registration } = draft.registration;
  return {
    ...draft,
    highlights: fromListItems(draft.highlights),
    included: fromListItems(draft.included),
    excluded: fromListItems(draft.excluded),
    thingsToCarryMandatory: fromListItems(draft.thingsToCarryMandatory),
    thingsToCarrySuggested: fromListItems(draft.thingsToCarrySuggested),
    itinerary: draft.itinerary.map((day) => ({ ...day, activities: fromListItems(day.activities) })),
    // None set: left out, so the ride keeps its old rule.
    registration: cancellation ? { ...registration, cancellation } : registration,
  };
}

/**
 * New dates, with the itinerary regenerated one day per ride day (product.md#itinerary). Days that remain
 * keep the very objects the admin edited (so their editors need not re-render); while the
 * range is unusable (a date missing, or the end before the start) the itinerary stays as is.
 */
export function withDates(draft: RideDraft, startDate: string, endDate: string): RideDraft {
  const existing = draft.itinerary.map((day) => ({ ...day, activities: [] }));
  const plan = generateItinerary(startDate, endDate, existing);
  if (plan === existing) return { ...draft, startDate, endDate };
  const byDay = new Map<number, DraftDay>();
  for (const day of draft.itinerary) if (!byDay.has(day.day)) byDay.set(day.day, day);
  return { ...draft, startDate, endDate, itinerary: plan.map((day) => byDay.get(day.day) ?? blankDay(day.day)) };
}
