import { parseIsoDate } from "./dates";
import type { Ride } from "./ride";

// When a ride starts and when it is over: one rule each for everything that changes then
// (reminders stop and seats no longer pass on; riders' photos and words may come, an erasure no
// longer frees the seat, the account sweep may erase), so no two parts of the site disagree about
// the same ride at the same moment.

type Dated = Pick<Ride, "startDate" | "endDate">;
/** A ride as far as its end goes (a ride's status is one of RIDE_STATUSES; a stored row's, a string). */
type Ending = Dated & { status: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The ride has started at the beginning of its first day in India (no reminder after that, no seat transfer). */
export function rideStartsAt(startDate: string): Date | null {
  const start = parseIsoDate(startDate);
  return start ? new Date(start.getTime() - INDIA_OFFSET_MS) : null;
}

/** The ride's last day: its end date, else its start date ("" when it has neither). */
export function lastDayOf(ride: Dated): string {
  return ride.endDate || ride.startDate;
}

/** The instant the ride's last day ends in India, where the rides happen; null without a date. */
export function rideEndedAt(ride: Dated): Date | null {
  const lastDay = rideStartsAt(lastDayOf(ride));
  return lastDay ? new Date(lastDay.getTime() + DAY_MS) : null;
}

/**
 * Whether the ride is behind its riders: marked completed by an admin (who knows the riders are
 * home, whatever the date says), or its last day over in India, so nobody waits for an admin to
 * mark it. A cancelled ride never is: it did not take place.
 */
export function rideIsOver(ride: Ending, now: Date): boolean {
  if (ride.status === "cancelled") return false;
  if (ride.status === "completed") return true;
  const ended = rideEndedAt(ride);
  return ended !== null && now.getTime() >= ended.getTime();
}
