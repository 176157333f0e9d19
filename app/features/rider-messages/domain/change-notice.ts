import { formatDateRange } from "~/domain/dates";
import type { Ride, RideStatus } from "~/domain/ride";

// A change notice (docs/features/rider-messages.md#change-notices): what riders are told when
// their ride's dates, meeting point, day plan or status change. The notice compares the ride as
// it was before the first of a burst of edits with the ride as it is when the notice goes.

/** The fields riders are told about, as a notice keeps them. */
export type WatchedRide = {
  title: string;
  startDate: string;
  endDate: string;
  meetingPoint: string;
  /** The itinerary's day titles, in day order. */
  days: string[];
  status: RideStatus;
};

/** The watched fields of a ride; `meetingPoint` is the route's meeting point name, else the starting place. */
export function watchedFields(
  ride: Pick<Ride, "title" | "startDate" | "endDate" | "startingPlace" | "itinerary" | "status">,
  routeMeetingPoint = "",
): WatchedRide {
  return {
    title: ride.title,
    startDate: ride.startDate,
    endDate: ride.endDate,
    meetingPoint: routeMeetingPoint || ride.startingPlace,
    days: [...ride.itinerary].sort((a, b) => a.day - b.day).map((day) => day.title),
    status: ride.status,
  };
}

const dayCount = (n: number) => `${n} day${n === 1 ? "" : "s"}`;
const orNone = (text: string) => text || "(none)";

/** What changed, one line each ("Dates: 12th - 18th March 2027 → 13th - 19th March 2027"); none: nothing riders care about. */
export function rideChanges(before: WatchedRide, after: WatchedRide): string[] {
  const changes: string[] = [];
  if (before.startDate !== after.startDate || before.endDate !== after.endDate) {
    changes.push(
      `Dates: ${formatDateRange(before.startDate, before.endDate)} → ${formatDateRange(after.startDate, after.endDate)}`,
    );
  }
  if (before.meetingPoint !== after.meetingPoint) {
    changes.push(`Meeting point: ${orNone(before.meetingPoint)} → ${orNone(after.meetingPoint)}`);
  }
  if (before.days.length !== after.days.length) {
    changes.push(`Day plan: ${dayCount(before.days.length)} → ${dayCount(after.days.length)}`);
  } else {
    before.days.forEach((title, index) => {
      if (title !== after.days[index])
        changes.push(`Day ${index + 1}: ${orNone(title)} → ${orNone(after.days[index]!)}`);
    });
  }
  // Completed is the ride being over, not news for its riders; cancelled has a notice of its own.
  if (before.status === "cancelled" && after.status === "upcoming") changes.push("The ride is on again");
  return changes;
}

export type NoticeText = { subject: string; body: string };

/** The one message the riders get, or null when the edits cancelled out. */
export function changeNotice(before: WatchedRide, after: WatchedRide): NoticeText | null {
  if (after.status === "cancelled") {
    if (before.status === "cancelled") return null;
    return {
      subject: `Ride cancelled: ${after.title}`,
      body: `${after.title} (${formatDateRange(before.startDate, before.endDate)}) is cancelled. We are sorry. Everything you paid comes back, nothing kept: choose on your booking page whether it goes back the way you paid or stays as credit for a future ride.`,
    };
  }
  const changes = rideChanges(before, after);
  if (changes.length === 0) return null;
  return {
    subject: `Ride updated: ${after.title}`,
    body: [
      `${after.title} has changed:`,
      changes.join("\n"),
      "Your booking stands; reply or write to us if this does not suit you.",
    ].join("\n\n"),
  };
}
