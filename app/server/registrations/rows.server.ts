import type { Selectable, Updateable } from "kysely";
import { BLOOD_GROUPS, type BloodGroup, type RegistrationInput } from "~/domain/registration/input";
import {
  REGISTRATION_OPTIONS,
  REGISTRATION_STATUSES,
  type RegistrationOption,
  type RegistrationStatus,
} from "~/domain/registration/settings";
import type { Executor, RegistrationsTable } from "../db/schema.server";

/**
 * How a registration is laid out in its table: columns for what queries count, filter or guard
 * on (status, seats, option, phone, payment), the rider's other answers as JSON in `data`.
 */

/** A registration as services return it. Personal fields are '' once erased. */
export type Registration = {
  id: string;
  rideId: string;
  reference: string;
  status: RegistrationStatus;
  option: RegistrationOption;
  seats: number;
  /** E.164. */
  phone: string;
  name: string;
  email: string;
  emergencyName: string;
  /** E.164. */
  emergencyPhone: string;
  bloodGroup: BloodGroup | "";
  bikeModel: string;
  pillionName: string;
  licenceNumber: string;
  checkedInAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** When the personal data was erased; null while it is kept. */
  erasedAt: string | null;
  /** Whether the rider wants reminders sent to them. */
  reminders: boolean;
  /** The waiver version the rider accepted (its id), or null. */
  waiverId: string | null;
  /** The full name the rider typed to accept it; '' once erased. */
  waiverName: string;
  waiverAcceptedAt: string | null;
  /** The rider's account the booking belongs to (docs/features/rider-accounts.md); null: none. */
  riderId: string | null;
};

/** The answers kept in `data`: everything personal but the phone, which has its column. */
export type RegistrationDetails = Pick<
  Registration,
  "name" | "email" | "emergencyName" | "emergencyPhone" | "bloodGroup" | "bikeModel" | "pillionName" | "licenceNumber"
>;

const DETAIL_KEYS = [
  "name",
  "email",
  "emergencyName",
  "emergencyPhone",
  "bloodGroup",
  "bikeModel",
  "pillionName",
  "licenceNumber",
] as const satisfies readonly (keyof RegistrationDetails)[];

/** The stored answers of a form that passed registrationInputSchema, with when the rider agreed. */
export function detailsOf(input: RegistrationInput, at: string): RegistrationDetails & { agreedAt: string } {
  const details = Object.fromEntries(DETAIL_KEYS.map((key) => [key, input[key]])) as RegistrationDetails;
  return { ...details, agreedAt: at };
}

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** The stored answers; a document edited by hand into something else reads as empty rather than failing the list. */
function readData(data: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The stored answers with some of them replaced, as `data`. */
export function dataWith(data: string, changes: Partial<RegistrationDetails>): string {
  return JSON.stringify({ ...readData(data), ...changes });
}

function readDetails(data: string): RegistrationDetails {
  const raw = readData(data);
  const text = (key: string) => (typeof raw[key] === "string" ? raw[key] : "");
  return {
    name: text("name"),
    email: text("email"),
    emergencyName: text("emergencyName"),
    emergencyPhone: text("emergencyPhone"),
    bloodGroup: oneOf<BloodGroup | "">(BLOOD_GROUPS, raw.bloodGroup, ""),
    bikeModel: text("bikeModel"),
    pillionName: text("pillionName"),
    licenceNumber: text("licenceNumber"),
  };
}

/** A row's status, read as registrationFromRow reads it. */
export function registrationStatusOf(status: string): RegistrationStatus {
  return oneOf(REGISTRATION_STATUSES, status, "cancelled");
}

/** A row's option, read as registrationFromRow reads it. */
export function registrationOptionOf(option: string): RegistrationOption {
  return oneOf(REGISTRATION_OPTIONS, option, "solo");
}

export function registrationFromRow(row: Selectable<RegistrationsTable>): Registration {
  return {
    id: row.id,
    rideId: row.ride_id,
    reference: row.reference,
    status: registrationStatusOf(row.status),
    option: registrationOptionOf(row.option),
    seats: row.seats,
    phone: row.phone ?? "",
    ...readDetails(row.data),
    checkedInAt: row.checked_in_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    erasedAt: row.erased_at,
    reminders: row.reminders !== 0,
    waiverId: row.waiver_id,
    waiverName: row.waiver_name ?? "",
    waiverAcceptedAt: row.waiver_accepted_at,
    riderId: row.rider_id,
  };
}

/** What erasure leaves of a row: status, option, seats, payments and times, for anonymous counts. */
export function erasedColumns(at: string) {
  return {
    phone: null,
    // Which version was accepted, and when, is kept for the counts; the name typed is the rider's.
    waiver_name: null,
    token_hash: null,
    token_sealed: null,
    // The booking leaves the rider's account (and passport), and a transfer link dies with it.
    rider_id: null,
    transfer_token_hash: null,
    transfer_created_at: null,
    pending_token_hash: null,
    pending_token_sealed: null,
    data: "{}",
    erased_at: at,
    updated_at: at,
  };
}

/** Changes one registration and stamps the time of the change; the query answers the row as it is now. */
export function updateRegistrationRow(db: Executor, id: string, changes: Updateable<RegistrationsTable>, now: Date) {
  return db
    .updateTable("registrations")
    .set({ ...changes, updated_at: now.toISOString() })
    .where("id", "=", id)
    .returningAll();
}
