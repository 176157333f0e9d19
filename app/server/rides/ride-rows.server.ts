import type { Insertable, Selectable } from "kysely";
import { distanceKm } from "~/domain/distance";
import { durationText } from "~/domain/duration";
import { migrateLegacyRide } from "~/domain/legacy";
import { isRideStatus, rideInputSchema, type Ride, type RideInput } from "~/domain/ride";
import type { RidesTable } from "../db/schema.server";
import { lenientObject } from "../validation/lenient.server";

/**
 * How a ride is laid out in the rides table. The columns hold what the server manages (id,
 * status, order, timestamps, version) and copies of what queries filter or aggregate on
 * (dates, participants, distance in km); `data` holds the admin's document. Status lives
 * only in its column, so a status change never rewrites the document; dates, participants
 * and distance are written to both in this one place, so they cannot drift apart.
 */

/** The legacy fields (product.md#legacy-rides) that a ride keeps but the admin form no longer edits. */
export type LegacyRideFields = { price: string; thingsToCarry: string[] };

/**
 * Marks a document written here, from input that passed the strict schema. Reading such a
 * document needs no validation, which is most of the cost of listing rides (zod takes
 * ~40 µs per ride); any other document (the old app's, or one edited by hand) is read
 * leniently. A field added to the schema later is filled with its default either way;
 * changing the type of an existing field needs a data migration and a new format number.
 */
const FORMAT_KEY = "$format";
const FORMAT = 1;

/** The stored document: what the admin submitted, less the status that lives in its column. */
type RideDocument = Omit<RideInput, "status"> & LegacyRideFields & { [FORMAT_KEY]: typeof FORMAT };
type DocumentFields = Omit<RideInput, "status">;

export type RideRowMeta = {
  id: string;
  order: number | null;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export function rideRow(input: RideInput, legacy: LegacyRideFields, meta: RideRowMeta): Insertable<RidesTable> {
  const { status, ...rest } = input;
  const document: RideDocument = { ...rest, ...legacy, [FORMAT_KEY]: FORMAT };
  return {
    id: meta.id,
    status,
    sort_order: meta.order,
    start_date: input.startDate,
    end_date: input.endDate,
    participants: input.participants,
    distance_km: distanceKm(input.distance),
    version: meta.version,
    data: JSON.stringify(document),
    created_at: meta.createdAt,
    updated_at: meta.updatedAt,
  };
}

const { status: _status, ...documentShape } = rideInputSchema.shape;
const lenientDocument = lenientObject(documentShape);
const documentKeys = Object.keys(documentShape) as (keyof DocumentFields)[];
const documentDefaults: DocumentFields = lenientDocument.parse({});

function readFields(raw: Record<string, unknown>): DocumentFields {
  if (raw[FORMAT_KEY] !== FORMAT) return lenientDocument.parse(raw);
  const fields: Record<string, unknown> = {};
  // A copy of a default, never the shared object: callers may change what they get.
  for (const key of documentKeys) fields[key] = key in raw ? raw[key] : structuredClone(documentDefaults[key]);
  return fields as DocumentFields;
}

function legacyPrice(value: unknown): string {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value)) ? String(value) : "";
}

function textItems(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/**
 * A stored ride in the current shape: the document goes through migrateLegacyRide (rides
 * of the old app have one `date`, one carry list), then its fields are read (leniently
 * unless this server wrote it). Duration is derived here from the dates, so it can never
 * disagree with them.
 */
export function rideFromRow(row: Selectable<RidesTable>): Ride {
  const raw = migrateLegacyRide(JSON.parse(row.data) as Record<string, unknown>);
  const document = readFields(raw);
  return {
    ...document,
    id: row.id,
    status: isRideStatus(row.status) ? row.status : "upcoming",
    duration: document.startDate && document.endDate ? durationText(document.startDate, document.endDate) : "",
    order: row.sort_order,
    price: legacyPrice(raw.price),
    thingsToCarry: textItems(raw.thingsToCarry),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/**
 * The legacy fields a ride keeps when an admin saves it again: the old price still shows
 * when no trip cost is set, but the old carry list is dropped — the admin has now saved
 * the two lists it was split into, and keeping it would refill them if both were cleared.
 */
export function legacyFieldsAfterEdit(ride: Pick<Ride, "price">): LegacyRideFields {
  return { price: ride.price, thingsToCarry: [] };
}
