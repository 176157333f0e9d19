import { z } from "zod";
import { multilineText } from "~/domain/fields";
import type { WaiverState } from "~/features/ride-day/domain/pack";

// A ride's waiver (docs/features/waivers.md): a text admins write, versioned; a rider accepts the
// current version by typing their full name. A version riders accepted never changes: a new text
// is a new version, and the riders are asked to accept it again.

export type { WaiverState } from "~/features/ride-day/domain/pack";

export const MAX_WAIVER_LENGTH = 20_000;

/** The waiver of a ride (or the site's default, scope 'site'): one version of its text. */
export type WaiverVersion = {
  id: string;
  scope: string;
  version: number;
  text: string;
  createdAt: string;
  /** Who wrote it, as the audit trail names them. */
  createdBy: string;
};

/** The scope of the site's default waiver, which a ride without its own uses. */
export const SITE_WAIVER_SCOPE = "site";

/** The form fields: the version the rider read (its id) and the name they typed. */
export const WAIVER_VERSION_FIELD = "waiverVersion";
export const WAIVER_NAME_FIELD = "waiverName";

export const WAIVER_REQUIRED = "Accept the waiver by typing your full name";
export const WAIVER_NAME_MISMATCH = "Type your full name as you gave it above to accept the waiver";
export const WAIVER_CHANGED =
  "The waiver changed while you were reading it: read the new version below and type your full name again";
export const WAIVER_TOO_LONG = `The waiver must be at most ${MAX_WAIVER_LENGTH.toLocaleString("en-IN")} characters`;

/** What an admin saves: the text, paragraphs kept; empty ends the waiver (or falls back to the site's). */
export const waiverTextSchema = z.object({
  text: multilineText().pipe(z.string().max(MAX_WAIVER_LENGTH, WAIVER_TOO_LONG)),
});

/** A name as compared: NFC, case and spacing ignored ('  asha   RAO' is 'Asha Rao'). */
function comparable(name: string): string {
  return name.normalize("NFC").toLocaleLowerCase("en-IN").replace(/\s+/gu, " ").trim();
}

/** Whether the typed name is the rider's name, case and spacing aside. */
export function sameName(typed: string, name: string): boolean {
  const wanted = comparable(name);
  return wanted !== "" && comparable(typed) === wanted;
}

/**
 * The waiver a ride's riders accept: the ride's own latest version, unless it is empty (or the
 * ride has none), then the site's default latest version; null when neither has a text.
 */
export function currentWaiverOf(
  rideLatest: WaiverVersion | null,
  siteLatest: WaiverVersion | null,
): WaiverVersion | null {
  if (rideLatest && rideLatest.text !== "") return rideLatest;
  if (siteLatest && siteLatest.text !== "") return siteLatest;
  return null;
}

/** A rider's answer to the waiver, as a form posts it. */
export type WaiverAnswer = { versionId: string; name: string };

/** The ride's current waiver as the registration form shows it. */
export type RegistrationWaiver = Pick<WaiverVersion, "id" | "version" | "text">;

/** The waiver fields of a posted form; anything that is not text reads as empty. */
export function waiverAnswerOf(input: unknown): WaiverAnswer {
  const fields = input !== null && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const text = (key: string) => (typeof fields[key] === "string" ? fields[key].slice(0, 200) : "");
  return { versionId: text(WAIVER_VERSION_FIELD), name: text(WAIVER_NAME_FIELD).trim() };
}

/**
 * Why an answer does not accept the current waiver, or null when it does (or there is none to
 * accept). A version other than the current one (the rider read an earlier text) is refused
 * before the name: they must read the new text first.
 */
export function waiverRefusal(current: WaiverVersion | null, answer: WaiverAnswer, riderName: string): string | null {
  if (!current) return null;
  if (answer.versionId !== "" && answer.versionId !== current.id) return WAIVER_CHANGED;
  if (answer.name === "") return WAIVER_REQUIRED;
  if (answer.versionId === "") return WAIVER_CHANGED;
  if (!sameName(answer.name, riderName)) return WAIVER_NAME_MISMATCH;
  return null;
}

/**
 * A registration's waiver state against the ride's current waiver (null: none): the version it
 * accepted, if any, by id.
 */
export function waiverStateOf(current: Pick<WaiverVersion, "id"> | null, acceptedId: string | null): WaiverState {
  if (!current) return "not-required";
  if (acceptedId === null) return "missing";
  return acceptedId === current.id ? "accepted" : "outdated";
}

/** A rider's waiver as the Riders and check-in pages and the ride-day pack show it. */
export type RiderWaiver = {
  state: WaiverState;
  /** The version they accepted (its number); null: none. */
  version: number | null;
  /** The full name they typed; '' once erased. */
  name: string;
  acceptedAt: string | null;
};

/**
 * A registration's answer to the ride's waiver as the Riders page and the ride-day pack show it:
 * its state, the version accepted (its number, from `versions` by id), the name typed and when.
 */
export function riderWaiverOf(
  current: Pick<WaiverVersion, "id"> | null,
  versions: ReadonlyMap<string, number>,
  registration: { waiverId: string | null; waiverName: string; waiverAcceptedAt: string | null },
): RiderWaiver {
  const { waiverId, waiverName, waiverAcceptedAt } = registration;
  return {
    state: waiverStateOf(current, waiverId),
    version: waiverId ? (versions.get(waiverId) ?? null) : null,
    name: waiverName,
    acceptedAt: waiverAcceptedAt,
  };
}

/** The booking page's waiver: what the rider accepted, and the current version when they must accept it. */
export type BookingWaiver = {
  state: WaiverState;
  /** The version the rider accepted, as it was then, with the name they typed and when. */
  accepted: { version: number; text: string; name: string; at: string } | null;
  /** The ride's current waiver, when the rider must accept it (outdated or missing, seat not cancelled). */
  toAccept: { id: string; version: number; text: string } | null;
};

/** The booking page's form that accepts the current waiver. */
export const WAIVER_INTENT = "waiver";

export const WAIVER_STATE_LABELS: Readonly<Record<WaiverState, string>> = {
  accepted: "Accepted",
  outdated: "Earlier version only",
  missing: "Not accepted",
  "not-required": "No waiver",
};
