import type { Stats } from "./content";
import { parseIsoDate } from "./dates";
import { coerceParticipants, MAX_PARTICIPANTS, MAX_RIDE_KM } from "./ride-values";

/** What statistics need of a ride; `distanceKm` is already the number (see distanceKm()). */
export type RideFacts = {
  status: string;
  participants: number;
  distanceKm: number;
  startDate: string;
  endDate: string;
  /**
   * For a ride taking registrations on the site: who was checked in on it, one checkInKey each
   * (the statistics' happy riders count each person once across rides).
   */
  checkedIn?: readonly string[];
};

/** Who a check-in was: their account when the booking has one, else their phone, else the booking. */
export function checkInKey(checkIn: { riderId: string | null; phone: string | null; registrationId: string }): string {
  if (checkIn.riderId) return `rider:${checkIn.riderId}`;
  if (checkIn.phone) return `phone:${checkIn.phone}`;
  return `booking:${checkIn.registrationId}`;
}

export type RideBreakdown = {
  totalRides: number;
  upcomingRides: number;
  completedRides: number;
  cancelledRides: number;
  totalParticipants: number;
  /** product.md#statistics: distinct riders checked in, plus the participants of completed rides without check-ins. */
  happyRiders: number;
  totalKilometers: number;
  averageParticipants: number;
  averageDistance: number;
  monthsOfAdventure: number;
};

/** The ride breakdown, derived from the rides (product.md#statistics). */
export function rideBreakdown(rides: RideFacts[]): RideBreakdown {
  const completed = rides.filter((ride) => ride.status === "completed");
  const totalParticipants = completed.reduce((sum, ride) => sum + riders(ride.participants), 0);
  const totalKilometers = completed.reduce((sum, ride) => sum + wholeKm(ride.distanceKm), 0);
  const average = (total: number) => (completed.length === 0 ? 0 : Math.round(total / completed.length));
  return {
    totalRides: rides.length,
    upcomingRides: rides.filter((ride) => ride.status === "upcoming").length,
    completedRides: completed.length,
    cancelledRides: rides.filter((ride) => ride.status === "cancelled").length,
    totalParticipants,
    happyRiders: happyRiders(completed),
    totalKilometers,
    averageParticipants: average(totalParticipants),
    averageDistance: average(totalKilometers),
    monthsOfAdventure: monthsOfAdventure(rides),
  };
}

/**
 * Where completed rides took registrations on the site and have check-ins, each person checked in
 * counts once however many of them they rode; every other completed ride adds its participants.
 */
function happyRiders(completed: RideFacts[]): number {
  const checkedIn = new Set<string>();
  let others = 0;
  for (const ride of completed) {
    if (ride.checkedIn && ride.checkedIn.length > 0) for (const key of ride.checkedIn) checkedIn.add(key);
    else others += riders(ride.participants);
  }
  return checkedIn.size + others;
}

// Each ride counts at most the most the forms allow: a value stored before they had bounds (or
// edited by hand) can then neither overflow the sums nor make the statistics record invalid.

function riders(participants: number): number {
  return Math.min(coerceParticipants(participants), MAX_PARTICIPANTS);
}

function wholeKm(km: number): number {
  return Number.isFinite(km) && km > 0 ? Math.min(Math.floor(km), MAX_RIDE_KM) : 0;
}

/**
 * product.md#statistics: calendar months from the earliest to the latest ride date, both
 * inclusive, over rides of every status (a planned ride is part of the community's calendar
 * too). Minimum 1 as soon as a ride exists, even one without valid dates; 0 with no rides.
 */
function monthsOfAdventure(rides: RideFacts[]): number {
  if (rides.length === 0) return 0;
  let earliest = Infinity;
  let latest = -Infinity;
  for (const ride of rides) {
    for (const date of [parseIsoDate(ride.startDate), parseIsoDate(ride.endDate)]) {
      if (!date) continue;
      const month = date.getUTCFullYear() * 12 + date.getUTCMonth();
      earliest = Math.min(earliest, month);
      latest = Math.max(latest, month);
    }
  }
  return earliest === Infinity ? 1 : latest - earliest + 1;
}

export function statsFromBreakdown(
  b: RideBreakdown,
): Pick<Stats, "completedRides" | "happyRiders" | "kilometersCovered" | "monthsOfAdventure"> {
  return {
    completedRides: b.completedRides,
    happyRiders: b.happyRiders,
    kilometersCovered: b.totalKilometers,
    monthsOfAdventure: b.monthsOfAdventure,
  };
}

/**
 * Fallback stats, shown when none are stored (product.md#statistics). The sample figures
 * there give no months of adventure; 24 fits 47 rides at about two a month.
 */
export const FALLBACK_STATS: Stats = {
  completedRides: 47,
  happyRiders: 320,
  kilometersCovered: 18500,
  monthsOfAdventure: 24,
  isAutoCalculated: false,
  lastUpdated: null,
};

// product.md#statistics asks for thousands separators, i.e. groups of three ('1,85,000' Indian
// lakh grouping would be a different rule); fixed to en-US so every runtime prints the same.
const groupedNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export function formatStatNumber(n: number): string {
  return groupedNumber.format(Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0);
}

/** The first three stat cards end with a plus (product.md#previous-page, #statistics): '18,500+'. */
export function statWithPlus(n: number): string {
  return `${formatStatNumber(n)}+`;
}
