import { formatDateRange } from "~/domain/dates";
import { registrationSettingsOf } from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import { lastDayOf, rideIsOver } from "~/domain/ride-over";
import { reminderDueAt } from "~/features/rider-messages/domain/reminders";

// The ask for riders' words (docs/features/ride-words.md#the-ask): a few days after a ride
// ends, its checked-in riders get one message asking for a rating and a few words.

/** The ask goes out this many days after the ride's last day, at 09:00 India time like the reminders. */
export const ASK_DAYS_AFTER_END = 2;

/**
 * A server down when the ask was due sends it when it is back, but only this long after: a ride
 * that ended months before this feature (or a long outage) gets no late ask.
 */
export const ASK_LATEST_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

type Askable = Pick<Ride, "status" | "startDate" | "endDate" | "registration">;

/** The instant the ask is due: ASK_DAYS_AFTER_END days after the last day, at 09:00 India time. */
export function askDueAt(ride: Pick<Ride, "startDate" | "endDate">): Date | null {
  return reminderDueAt(lastDayOf(ride), -ASK_DAYS_AFTER_END);
}

/** What decides whether a rider may answer: their registration as it is now. */
export type Answerer = { status: string; checkedInAt: string | null; erasedAt: string | null };

/** Whether the rider may answer (or edit) at `now`: confirmed, checked in, not erased, the ride over (ride-over.ts). */
export function mayAnswer(
  registration: Answerer,
  ride: Pick<Ride, "status" | "startDate" | "endDate"> | null,
  now: Date,
): boolean {
  return (
    ride !== null &&
    registration.erasedAt === null &&
    registration.status === "confirmed" &&
    registration.checkedInAt !== null &&
    rideIsOver(ride, now)
  );
}

/** Whether the ask is due at `now`: a ride that took registrations here, its time come, not too late. */
export function askDue(ride: Askable, now: Date): boolean {
  if (ride.status === "cancelled" || registrationSettingsOf(ride).mode !== "site") return false;
  const dueAt = askDueAt(ride);
  if (!dueAt) return false;
  return dueAt.getTime() <= now.getTime() && now.getTime() < dueAt.getTime() + ASK_LATEST_DAYS * DAY_MS;
}

/** The key the ask is written under once: moving the ride's dates makes a new one. */
export function askKey(ride: Pick<Ride, "startDate" | "endDate">): string {
  return `feedback:${lastDayOf(ride)}`;
}

/** The ask's subject and words; the rider's copy adds their greeting and private link. */
export function askText(ride: Pick<Ride, "title" | "startDate" | "endDate">): { subject: string; body: string } {
  return {
    subject: `How was ${ride.title}?`,
    body: [
      `Thank you for riding ${ride.title} (${formatDateRange(ride.startDate, ride.endDate)}) with us.`,
      "How was the ride? Give it a rating from 1 to 5 and a few words on your booking page. Once the team approves them, your words and your first name appear on the ride's page, to help the next riders decide; you can withdraw them whenever you like.",
    ].join("\n\n"),
  };
}
