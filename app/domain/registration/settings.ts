import { z } from "zod";
import { flag, line, multilineText } from "../fields";
import { MAX_PARTICIPANTS } from "../ride-values";
import { cancellationPolicySchema, effectivePolicy, type EffectivePolicy, legacyPolicy } from "./cancellation-policy";

// A ride's registration settings (decision 019), and the words a registration is made of: its
// option, status and payment. What the settings mean for a rider now (open, full, closed, the
// seats text) is ./availability.ts.

/**
 * "external": Register Now opens the ride's bookingFormUrl (as product.md#registration
 * describes, and every ride saved before registrations existed); "site": riders register here;
 * "closed": nobody can.
 */
export const REGISTRATION_MODES = ["external", "site", "closed"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** What a rider books: alone on their own bike, on their own bike with a pillion, or on a rental bike. */
export const REGISTRATION_OPTIONS = ["solo", "pillion", "rental"] as const;
export type RegistrationOption = (typeof REGISTRATION_OPTIONS)[number];

/** A confirmed registration holds its seats; a waitlisted one waits for them; a cancelled one holds none. */
export const REGISTRATION_STATUSES = ["confirmed", "waitlisted", "cancelled"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** A payment (the booking amount, or the balance): due until an admin has seen it arrive. */
export const PAYMENT_STATES = ["due", "paid"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * What a rider pays: the booking amount (the ride's bookingCost), which holds the seat, and the
 * balance (the option's trip cost less the booking amount) before the ride starts (./balance.ts).
 */
export const PAYMENT_KINDS = ["booking", "balance"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** A pillion takes a seat of their own. */
export const OPTION_SEATS: Readonly<Record<RegistrationOption, number>> = { solo: 1, pillion: 2, rental: 1 };

export const OPTION_LABELS: Readonly<Record<RegistrationOption, string>> = {
  solo: "Solo rider (own bike)",
  pillion: "Rider with pillion (own bike, 2 seats)",
  rental: "Rental bike",
};

/** A ride has at most as many seats as it may have participants. */
export const MAX_SEATS = MAX_PARTICIPANTS;
export const MAX_PRICE_LENGTH = 100;
/** The balance is due this many days before the ride starts, unless the admin says otherwise. */
export const DEFAULT_BALANCE_DUE_DAYS = 7;
export const MAX_BALANCE_DUE_DAYS = 365;

const SEATS_MESSAGE = `Seats must be a whole number from 1 to ${MAX_SEATS.toLocaleString("en-US")}`;
const PRICE_MESSAGE = `Price must be at most ${MAX_PRICE_LENGTH} characters`;

/** Seats from JSON (a number) or a form ('' when the admin left it empty, read as none). */
const seats = z
  .union(
    [
      z.number(),
      z.literal("").transform(() => 0),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ],
    { error: SEATS_MESSAGE },
  )
  .pipe(z.number().int(SEATS_MESSAGE).min(0, SEATS_MESSAGE).max(MAX_SEATS, SEATS_MESSAGE))
  .default(0);

const BALANCE_DUE_MESSAGE = `Balance due must be a whole number of days from 0 to ${MAX_BALANCE_DUE_DAYS}`;

/** Days before the start from JSON (a number) or a form ('' when the admin left it empty: the default). */
const balanceDueDays = z
  .union(
    [
      z.number(),
      z.literal("").transform(() => DEFAULT_BALANCE_DUE_DAYS),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ],
    { error: BALANCE_DUE_MESSAGE },
  )
  .pipe(z.number().int(BALANCE_DUE_MESSAGE).min(0, BALANCE_DUE_MESSAGE).max(MAX_BALANCE_DUE_DAYS, BALANCE_DUE_MESSAGE))
  .default(DEFAULT_BALANCE_DUE_DAYS);

/** An option's price, shown as tripCost is (formatCost): '₹' added when left out, hidden when empty or zero. */
const option = (offered: boolean) =>
  z
    .object({ offered: flag(offered), price: line().max(MAX_PRICE_LENGTH, PRICE_MESSAGE).default("") })
    .default({ offered, price: "" });

/**
 * The automatic reminders (docs/features/rider-messages.md#reminders): "week", the things to
 * carry a week before; "eve", the meeting point the day before. The site's defaults are
 * SITE_REMINDERS; a ride saved with its own keeps them.
 */
export const REMINDER_RULE_KEYS = ["week", "eve"] as const;
export type ReminderRuleKey = (typeof REMINDER_RULE_KEYS)[number];
export const MAX_REMINDER_DAYS = 60;
export const MAX_REMINDER_EXTRA_LENGTH = 1000;

const DAYS_MESSAGE = `Days before must be a whole number from 1 to ${MAX_REMINDER_DAYS}`;
const reminderRule = (daysBefore: number) =>
  z
    .object({
      on: flag(true),
      daysBefore: z
        .union(
          [
            z.number(),
            z
              .string()
              .trim()
              .regex(/^\d{1,3}$/)
              .transform(Number),
          ],
          { error: DAYS_MESSAGE },
        )
        .pipe(z.number().int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(MAX_REMINDER_DAYS, DAYS_MESSAGE))
        .default(daysBefore),
    })
    .default({ on: true, daysBefore });

export const rideRemindersSchema = z.object({
  week: reminderRule(7),
  eve: reminderRule(1),
  /** Added to every reminder of the ride ("Bring your rain gear: the forecast is wet"). */
  extra: multilineText().refine(
    (extra) => extra.length <= MAX_REMINDER_EXTRA_LENGTH,
    `The extra text must be at most ${MAX_REMINDER_EXTRA_LENGTH.toLocaleString("en-US")} characters`,
  ),
});
export type RideReminders = z.output<typeof rideRemindersSchema>;

export const registrationSettingsSchema = z
  .object({
    mode: z
      .enum(REGISTRATION_MODES, { error: "Registration must be the external form, on this site or closed" })
      .default("external"),
    seats,
    options: z.object({ solo: option(true), pillion: option(false), rental: option(false) }).default({
      solo: { offered: true, price: "" },
      pillion: { offered: false, price: "" },
      rental: { offered: false, price: "" },
    }),
    waitlist: flag(true),
    askLicence: flag(false),
    /**
     * What a cancelled booking gets back may be taken as credit for the rider's next ride, at
     * their choice (docs/features/cancellation.md); on a ride saved without tiers, credit is the
     * only way it comes back (legacyPolicy).
     */
    creditOnCancel: flag(true),
    // Absent on rides saved before tiers existed: legacyPolicy keeps their old promise.
    cancellation: cancellationPolicySchema.optional(),
    /** The balance is due this many days before the ride's start date (0: on the day it starts). */
    balanceDueDays,
    // Absent on rides saved before reminders existed: the site's defaults apply.
    reminders: rideRemindersSchema.optional(),
    /** The SAC on this ride's GST documents (docs/features/money-documents.md); '' or absent: the organiser's. */
    sac: z
      .string()
      .trim()
      .regex(/^(\d{4,8})?$/, "A SAC is 4 to 8 digits (tour operators: 998555)")
      .transform((sac) => sac || undefined)
      .optional(),
    /** This ride's GST rate in percent ('5', '2.5'); '' or absent: the organiser's. */
    gstRate: z
      .string()
      .trim()
      .regex(/^(40(\.0{1,2})?|[1-3]?\d(\.\d{1,2})?)?$/, "A GST rate in percent, 0 to 40, at most two decimals")
      .transform((rate) => rate || undefined)
      .optional(),
  })
  .superRefine((settings, ctx) => {
    if (settings.mode !== "site") return;
    if (settings.seats < 1) ctx.addIssue({ code: "custom", path: ["seats"], message: SEATS_MESSAGE });
    if (!REGISTRATION_OPTIONS.some((name) => settings.options[name].offered)) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "Offer at least one option" });
    }
  });
export type RegistrationSettings = z.output<typeof registrationSettingsSchema>;

/** The settings of a ride saved without any: Register Now opens its booking form, as before. */
export const EXTERNAL_REGISTRATION: RegistrationSettings = registrationSettingsSchema.parse({});

export function registrationSettingsOf(ride: { registration?: RegistrationSettings }): RegistrationSettings {
  return ride.registration ?? EXTERNAL_REGISTRATION;
}

/** The site's reminders: a rule a ride saved before reminders existed follows. */
export const SITE_REMINDERS: RideReminders = rideRemindersSchema.parse({});

/** The ride's reminders as its registration settings say, else the site's (the ride form, rider messages' reminders). */
export function remindersOf(ride: { registration?: RegistrationSettings }): RideReminders {
  return registrationSettingsOf(ride).reminders ?? SITE_REMINDERS;
}

/**
 * Whether a cancelled booking's money may come back as credit (docs/features/cancellation.md). A ride
 * saved before the setting existed stores none: it keeps the default policy's promise ("the
 * amount paid can be used for a future trip"), so only an explicit false turns it off.
 */
export function keepsCreditOnCancel(settings: RegistrationSettings): boolean {
  return settings.creditOnCancel !== false;
}

/** The cancellation rules of the ride's new bookings (docs/features/cancellation.md). */
export function cancellationPolicyOf(ride: { registration?: RegistrationSettings }): EffectivePolicy {
  const settings = registrationSettingsOf(ride);
  return settings.cancellation ? effectivePolicy(settings.cancellation) : legacyPolicy(keepsCreditOnCancel(settings));
}

export function offeredOptions(settings: RegistrationSettings): RegistrationOption[] {
  return REGISTRATION_OPTIONS.filter((name) => settings.options[name].offered);
}
