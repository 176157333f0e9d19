import { formatDateRange, parseIsoDate } from "~/domain/dates";
import {
  REMINDER_RULE_KEYS,
  registrationSettingsOf,
  remindersOf,
  type ReminderRuleKey,
  type RideReminders,
} from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import { rideStartsAt } from "~/domain/ride-over";

// The automatic reminders of a ride (docs/features/rider-messages.md#reminders): when each rule
// is due, who gets it, and its words, made from the ride as it is when the reminder is sent.

/** Reminders go out at 09:00 in India (UTC+05:30, no daylight saving), whatever the server's zone. */
export const REMINDER_HOUR_IST = 9;
const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export type ReminderRule = { key: ReminderRuleKey; daysBefore: number };

/** The rules the ride has turned on. */
export function activeRules(reminders: RideReminders): ReminderRule[] {
  return REMINDER_RULE_KEYS.filter((key) => reminders[key].on).map((key) => ({
    key,
    daysBefore: reminders[key].daysBefore,
  }));
}

/** The instant a rule is due: `daysBefore` days before the start date, at 09:00 India time. */
export function reminderDueAt(startDate: string, daysBefore: number): Date | null {
  const start = parseIsoDate(startDate);
  if (!start) return null;
  return new Date(start.getTime() - daysBefore * DAY_MS + REMINDER_HOUR_IST * 60 * 60 * 1000 - INDIA_OFFSET_MS);
}

/**
 * The key a reminder is written under once: its rule and the start date it was due for. Moving
 * the ride gives a new key, so the reminder is due again for the new date.
 */
export function reminderKey(rule: Pick<ReminderRule, "key">, startDate: string): string {
  return `${rule.key}:${startDate}`;
}

type Schedulable = Pick<Ride, "status" | "startDate" | "registration">;

/**
 * The rules due at `now` for an upcoming ride taking registrations on this site: their time has
 * come (a time missed while the server was down counts) and the ride has not started yet. A rule
 * whose time came before `scheduleSetAt` (the ride got its current dates, or was upcoming again,
 * after it) is never due: sent then, it would come out of turn, before the notice of the change.
 */
export function dueRules(ride: Schedulable, now: Date, scheduleSetAt: string | null = null): ReminderRule[] {
  if (ride.status !== "upcoming" || registrationSettingsOf(ride).mode !== "site") return [];
  const startsAt = rideStartsAt(ride.startDate);
  if (!startsAt || now.getTime() >= startsAt.getTime()) return [];
  const setAt = scheduleSetAt ? Date.parse(scheduleSetAt) : Number.NEGATIVE_INFINITY;
  return activeRules(remindersOf(ride)).filter((rule) => {
    const dueAt = reminderDueAt(ride.startDate, rule.daysBefore)?.getTime();
    return dueAt !== undefined && dueAt <= now.getTime() && dueAt >= setAt;
  });
}

/** Who gets a rule's reminder: the eve's meeting point is for confirmed riders only; the week's list is for the waitlist too. */
export function reminderStatuses(rule: Pick<ReminderRule, "key">): ("confirmed" | "waitlisted")[] {
  return rule.key === "eve" ? ["confirmed"] : ["confirmed", "waitlisted"];
}

/** What the reminder needs beyond the ride. */
export type ReminderContext = {
  /** The route's meeting point name, else the ride's starting place ("" when neither). */
  meetingPoint: string;
  /** A ride captain: the name, and the phone when one is stored. */
  captain: { name: string; phone: string | null } | null;
};

export type ReminderText = { subject: string; body: string };

const bullets = (items: readonly string[]) => items.map((item) => `- ${item}`).join("\n");

const DOCUMENTS =
  "Documents: your driving licence and an ID; on your own bike, its registration, insurance and pollution (PUC) certificates.";

function weekText(ride: Ride, rule: ReminderRule, context: ReminderContext, extra: string): ReminderText {
  const paragraphs = [`${ride.title} starts on ${formatDateRange(ride.startDate, ride.endDate)}.`];
  if (ride.thingsToCarryMandatory.length > 0) {
    paragraphs.push(`Things to carry:\n${bullets(ride.thingsToCarryMandatory)}`);
  }
  if (ride.thingsToCarrySuggested.length > 0) {
    paragraphs.push(`Good to have:\n${bullets(ride.thingsToCarrySuggested)}`);
  }
  paragraphs.push(DOCUMENTS);
  if (extra) paragraphs.push(extra);
  const subject = rule.daysBefore === 7 ? "One week to go" : `${rule.daysBefore} days to go`;
  return { subject: `${subject}: ${ride.title}`, body: paragraphs.join("\n\n") };
}

function eveText(ride: Ride, rule: ReminderRule, context: ReminderContext, extra: string): ReminderText {
  const when = rule.daysBefore === 1 ? "tomorrow" : `in ${rule.daysBefore} days`;
  const lines: string[] = [];
  if (context.meetingPoint) lines.push(`Meeting point: ${context.meetingPoint}`);
  if (context.captain) {
    const { name, phone } = context.captain;
    lines.push(`Your ride captain: ${name}${phone ? `, ${phone}` : ""}`);
  }
  const day1 = ride.itinerary.find((day) => day.day === 1) ?? ride.itinerary[0];
  if (day1?.title) lines.push(`Day 1: ${day1.title}${day1.distance ? ` (${day1.distance})` : ""}`);
  const paragraphs = [`${ride.title} starts ${when}, on ${formatDateRange(ride.startDate, ride.endDate)}.`];
  if (lines.length > 0) paragraphs.push(lines.join("\n"));
  if (extra) paragraphs.push(extra);
  const subject = rule.daysBefore === 1 ? "Tomorrow" : `In ${rule.daysBefore} days`;
  return { subject: `${subject}: ${ride.title}`, body: paragraphs.join("\n\n") };
}

/** The reminder's subject and words, from the ride as it is now; the ride's extra text ends it. */
export function reminderText(ride: Ride, rule: ReminderRule, context: ReminderContext): ReminderText {
  const { extra } = remindersOf(ride);
  return rule.key === "week" ? weekText(ride, rule, context, extra) : eveText(ride, rule, context, extra);
}
