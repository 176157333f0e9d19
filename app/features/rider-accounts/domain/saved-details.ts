import { z } from "zod";
import { line } from "~/domain/fields";
import {
  BLOOD_GROUPS,
  LICENCE_MESSAGE,
  LICENCE_PATTERN,
  MAX_BIKE_MODEL_LENGTH,
  MAX_LICENCE_LENGTH,
  MAX_NAME_LENGTH,
  optionalEmail,
  phone,
  type RegistrationInput,
  RIDER_DETAIL_FIELDS,
} from "~/domain/registration/input";
import { ACCOUNT_RETENTION_MONTHS, type SavedDetails } from "./account";

// A rider's saved details (docs/features/rider-data.md): kept on the account only with their
// consent, they fill in the next registration form, where every field stays editable.

/** The registration form's box that keeps (or updates) the details on the account. */
export const SAVE_DETAILS_FIELD = "saveDetails";

/**
 * The registration form's account: the box that keeps these details for the rider's next
 * registration (`keeps`: they already keep some, so it updates them). Null for a visitor, who is
 * offered to sign in; left out where the form takes over a seat (a transfer), which keeps no details.
 */
export type RegisterAccount = { keeps: boolean } | null | undefined;

export function saveDetailsLabel(keeps: boolean): string {
  return keeps
    ? "Update the details saved on my account with these, for my next registration"
    : "Save these details to my account for my next registration";
}

export const SIGN_IN_TO_FILL = "Sign in to fill this in from your saved details";

/** What a signed-in rider reads on the form: only a booking of the account's address joins it (decision 042). */
export const OWN_ADDRESS_NOTE =
  "The booking joins My rides, with your saved details and credit, only when its email is your account's. Booked with another address (a friend's), it stays apart from your account.";

/** The saved details in the order the forms show them. */
export const SAVED_DETAIL_FIELDS = [
  ...RIDER_DETAIL_FIELDS,
  "licenceNumber",
  "bikeModel",
] as const satisfies readonly (keyof SavedDetails)[];

/**
 * What a registration keeps on the account: its own validated answers. A field this form left
 * empty (a rental has no bike model, a ride may not ask for the licence) keeps what was saved.
 */
export function savedDetailsFrom(fields: RegistrationInput, earlier: SavedDetails | null): SavedDetails {
  const saved = Object.fromEntries(SAVED_DETAIL_FIELDS.map((key) => [key, fields[key] || earlier?.[key] || ""]));
  return saved as SavedDetails;
}

/** The registration form's values filled in from saved details (only what is kept). */
export function prefillOf(details: SavedDetails): Record<string, string> {
  return Object.fromEntries(SAVED_DETAIL_FIELDS.filter((key) => details[key] !== "").map((key) => [key, details[key]]));
}

/** Empty, or what the rule accepts, with the rule's own message: each saved detail is optional. */
const orEmpty = (rule: z.ZodType<string, string>) =>
  line()
    .transform((value, ctx) => {
      if (value === "") return "";
      const checked = rule.safeParse(value);
      if (checked.success) return checked.data;
      for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    })
    .default("");

const PHONE_MESSAGE = "Enter a valid mobile number (+91 is assumed without a country code)";
const EMERGENCY_PHONE_MESSAGE = "Enter a valid mobile number for the emergency contact";

/** The /me/details form: the registration form's own rules, every field optional. */
export const savedDetailsInputSchema = z.object({
  name: line().max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters`).default(""),
  mobile: orEmpty(phone(PHONE_MESSAGE)),
  email: optionalEmail,
  emergencyName: line()
    .max(MAX_NAME_LENGTH, `Emergency contact name must be at most ${MAX_NAME_LENGTH} characters`)
    .default(""),
  emergencyPhone: orEmpty(phone(EMERGENCY_PHONE_MESSAGE)),
  bloodGroup: z
    .union([z.literal(""), z.enum(BLOOD_GROUPS)], { error: "Choose a blood group, or “Don't know”" })
    .default(""),
  licenceNumber: orEmpty(
    line()
      .max(MAX_LICENCE_LENGTH, `Driving licence number must be at most ${MAX_LICENCE_LENGTH} characters`)
      .regex(LICENCE_PATTERN, LICENCE_MESSAGE)
      .transform((value) => value.toUpperCase()),
  ),
  bikeModel: line()
    .max(MAX_BIKE_MODEL_LENGTH, `Bike model must be at most ${MAX_BIKE_MODEL_LENGTH} characters`)
    .default(""),
});

/** What the site keeps of an account and for how long: the /me/data page's text. */
export function accountRetentionPoints(registrationRetentionDays: number): string[] {
  return [
    "Your account: its email address, when it was made and when you last used it.",
    "Saved details: kept until you forget them here or your account is erased.",
    `An account unused for ${ACCOUNT_RETENTION_MONTHS} months, with no booking of a ride still to come, is erased with everything it holds.`,
    `Your bookings: your answers are erased ${registrationRetentionDays} days after each ride ends, or earlier when you erase them through a booking link or erase your account.`,
    "Your words and photos of a ride: kept with their booking, in your export too, and erased with it.",
    "Credit, passkeys and sign-in sessions: kept while your account is, erased with it.",
  ];
}
