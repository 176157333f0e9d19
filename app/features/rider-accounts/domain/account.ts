import { z } from "zod";
import {
  BLOOD_GROUPS,
  MAX_BIKE_MODEL_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_LICENCE_LENGTH,
  MAX_NAME_LENGTH,
} from "~/domain/registration/input";

// A rider's own place (docs/features/rider-accounts.md, decision 037): an account known by its email,
// signed in with a one-time mailed link or a passkey. What it keeps, and for how long.

/** A mailed sign-in link works once, for this long. */
export const SIGN_IN_LINK_MINUTES = 15;
/** A rider's session ends after this long unused (a phone in a drawer)... */
export const RIDER_SESSION_IDLE_DAYS = 30;
/** ...and after this long however busy: the rider asks for a fresh link. */
export const RIDER_SESSION_ABSOLUTE_DAYS = 90;
/**
 * An account unused this long (no sign-in, no booking) is erased with everything it holds: its
 * saved details, passkeys, sessions, credit and the link to its bookings (whose own data follows
 * the registrations' retention).
 */
export const ACCOUNT_RETENTION_MONTHS = 24;

/** An email address as accounts are keyed: trimmed, lower-case. */
export function accountEmail(value: string): string {
  return value.trim().toLowerCase();
}

export const SIGN_IN_EMAIL_MESSAGE = "Enter the email address to send your sign-in link to";

export const signInRequestSchema = z.object({
  email: z
    .string({ error: SIGN_IN_EMAIL_MESSAGE })
    .trim()
    .min(1, SIGN_IN_EMAIL_MESSAGE)
    .max(MAX_EMAIL_LENGTH, SIGN_IN_EMAIL_MESSAGE)
    .pipe(z.email(SIGN_IN_EMAIL_MESSAGE))
    .transform(accountEmail),
});

/**
 * What a rider may keep on their account, with their consent, to fill in their next
 * registration: the registration form's own fields (domain/registration/input.ts), each
 * editable there. Stored as JSON in riders.details; a field left out is ''.
 */
export const savedDetailsSchema = z.object({
  name: z.string().max(MAX_NAME_LENGTH).default(""),
  /** E.164. */
  mobile: z.string().max(32).default(""),
  email: z.string().max(MAX_EMAIL_LENGTH).default(""),
  emergencyName: z.string().max(MAX_NAME_LENGTH).default(""),
  /** E.164. */
  emergencyPhone: z.string().max(32).default(""),
  bloodGroup: z.union([z.enum(BLOOD_GROUPS), z.literal("")]).default(""),
  licenceNumber: z.string().max(MAX_LICENCE_LENGTH).default(""),
  bikeModel: z.string().max(MAX_BIKE_MODEL_LENGTH).default(""),
});
export type SavedDetails = z.output<typeof savedDetailsSchema>;

/** The saved details in riders.details, or null when none (or unreadable: never a failed page). */
export function readSavedDetails(json: string | null): SavedDetails | null {
  if (json === null) return null;
  try {
    const parsed = savedDetailsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A signed-in rider, as pages and commands know them. */
export type Rider = { id: string; email: string };

/**
 * A new sign-in method (a passkey) is added only this soon after signing in: a session left
 * open on a shared or stolen phone cannot give its holder a way in of their own.
 */
export const FRESH_SIGN_IN_MINUTES = 15;

/** Whether a session that began at `signedInAt` is fresh enough to add a sign-in method. */
export function isFreshSignIn(signedInAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(signedInAt) <= FRESH_SIGN_IN_MINUTES * 60 * 1000;
}

/**
 * An account's address as a sign-in link opened in another browser names it (decision 042): its
 * first character and its domain, "a•••@example.com". Enough for its owner to know it, too
 * little to give it away to whoever holds the link.
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
