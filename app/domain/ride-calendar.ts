import type { CalendarEvent } from "./ics";
import { rideHref } from "./links";
import type { Ride } from "./ride";
import type { MeetingPoint } from "./ride-route/meeting-point";
import { absoluteUrl } from "./ride-seo";
import { SITE_NAME } from "./site";

// A ride as a calendar event: its own .ics, the feed of every upcoming ride, a rider's own feed
//. One event per ride, written in one place.

export const CALENDAR_PRODUCT_ID = `-//${SITE_NAME}//Rides//EN`;

/** The meeting point as a calendar's LOCATION: name and address, else its coordinates. */
function meetingPlace(point: MeetingPoint) {
  const text = [point.name, point.address].filter(Boolean).join(", ") || `${point.latitude}, ${point.longitude}`;
  return { text, latitude: point.latitude, longitude: point.longitude };
}

type EventRide = Pick<
  Ride,
  "id" | "title" | "startDate" | "endDate" | "duration" | "distance" | "description" | "updatedAt"
>;

/**
 * The ride's days as an all-day event, its UID the same in every download and feed; stamped with
 * the ride's last change, or `now` (the server's clock) when it has none.
 */
export function rideCalendarEvent(
  ride: EventRide,
  { origin, meetingPoint, now }: { origin: string; meetingPoint?: MeetingPoint; now: Date },
): CalendarEvent {
  const url = absoluteUrl(origin, rideHref(ride.id));
  const facts = [ride.duration, ride.distance].filter((fact) => fact.trim()).join(", ");
  return {
    uid: `ride-${ride.id}@${new URL(origin).host}`,
    startDate: ride.startDate,
    endDate: ride.endDate,
    summary: ride.title,
    description: [facts, ride.description, `Details and registration: ${url}`].filter(Boolean).join("\n\n"),
    url,
    stamp: Number.isFinite(Date.parse(ride.updatedAt)) ? new Date(ride.updatedAt) : now,
    location: meetingPoint ? meetingPlace(meetingPoint) : undefined,
  };
}

/**
 * How many times a ride's dates changed, from its revisions' dates oldest first: each revision
 * whose first or last day differs from the one before counts once (a save of other fields, or
 * dates changed and changed back in one save, does not). A rider's calendar event's SEQUENCE.
 */
export function dateChanges(revisions: readonly { startDate?: unknown; endDate?: unknown }[]): number {
  let changes = 0;
  for (let index = 1; index < revisions.length; index++) {
    const before = revisions[index - 1]!;
    const after = revisions[index]!;
    if (before.startDate !== after.startDate || before.endDate !== after.endDate) changes += 1;
  }
  return changes;
}
