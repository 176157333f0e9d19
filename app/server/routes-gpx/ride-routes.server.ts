import { buffer } from "node:stream/consumers";
import type { Selectable } from "kysely";
import { analyseRoute, dayPoints, splitAtPicks } from "~/domain/route/analyse";
import { DaySplitError, type StopPick, defaultSplit } from "~/domain/route/days";
import { GpxRejectedError } from "~/domain/route/gpx-guard";
import { type MeetingPoint, meetingPointAtStart, meetingPointSchema } from "~/domain/route/meeting-point";
import { parseGpx } from "~/domain/route/parse-gpx";
import type { DaySplit, ParsedGpx, RouteSummary } from "~/domain/route/types";
import { writeGpx } from "~/domain/route/write-gpx";
import { notifyContentChanged } from "../content-events.server";
import type { Database, Executor, RideRoutesTable } from "../db/schema.server";
import { sanitiseFileName } from "../images/keys.server";
import { NotFoundError, ValidationError } from "../services/errors.server";
import { getRide } from "../services/rides.server";
import { parseOrThrow } from "../services/validate.server";
import type { ObjectStorage } from "../storage/storage.server";

export type RideRoute = {
  rideId: string;
  fileName: string;
  bytes: number;
  originalKey: string;
  summary: RouteSummary;
  meetingPoint: MeetingPoint;
  createdAt: string;
  updatedAt: string;
};

type Stored = { summary: RouteSummary; meetingPoint: MeetingPoint };
type Services = { db: Database; storage: ObjectStorage };

export const ROUTE_MESSAGES = {
  rideNotFound: "This ride no longer exists.",
  noRoute: "This ride has no route.",
  originalMissing: "The route's GPX file is missing from storage; upload it again.",
} as const;

const GPX_TYPE = "application/gpx+xml";

function routeFromRow(row: Selectable<RideRoutesTable>): RideRoute {
  const stored = JSON.parse(row.data) as Stored;
  return {
    rideId: row.ride_id,
    fileName: row.original_name,
    bytes: row.bytes,
    originalKey: row.original_key,
    summary: stored.summary,
    meetingPoint: stored.meetingPoint,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function getRideRoute(db: Executor, rideId: string): Promise<RideRoute | null> {
  const row = await db.selectFrom("ride_routes").selectAll().where("ride_id", "=", rideId).executeTakeFirst();
  return row ? routeFromRow(row) : null;
}

export async function listRideRoutes(db: Executor): Promise<RideRoute[]> {
  const rows = await db.selectFrom("ride_routes").selectAll().orderBy("ride_id").execute();
  return rows.map(routeFromRow);
}

/** A rule of the file or of the days broken: the admin's message, under the field it concerns. */
function asValidation(error: unknown, field: string): never {
  if (error instanceof GpxRejectedError || error instanceof DaySplitError)
    throw new ValidationError({ [field]: error.message });
  throw error;
}

function parseOrRefuse(data: Uint8Array): ParsedGpx {
  try {
    return parseGpx(data);
  } catch (error) {
    asValidation(error, "file");
  }
}

function analyseOrRefuse(parsed: ParsedGpx, split: DaySplit | ((parsed: ParsedGpx) => DaySplit)): RouteSummary {
  try {
    return analyseRoute(parsed, typeof split === "function" ? split(parsed) : split);
  } catch (error) {
    asValidation(error, "days");
  }
}

const now = () => new Date().toISOString();
const changed = (rideId: string) => notifyContentChanged({ collection: "rides", id: rideId, action: "updated" });

/** routes/{ride}/{timestamp}_{name}.gpx: a new key per upload, so a replaced file is never served stale. */
function originalKey(rideId: string, fileName: string): string {
  return `routes/${rideId.replace(/[^A-Za-z0-9_-]/g, "_")}/${Date.now()}_${sanitiseFileName(fileName)}.gpx`;
}

async function writeRoute(db: Database, rideId: string, fields: Omit<RideRoute, "rideId" | "createdAt" | "updatedAt">) {
  const at = now();
  const row = {
    original_key: fields.originalKey,
    original_name: fields.fileName,
    bytes: fields.bytes,
    data: JSON.stringify({ summary: fields.summary, meetingPoint: fields.meetingPoint } satisfies Stored),
    updated_at: at,
  };
  await db
    .insertInto("ride_routes")
    .values({ ride_id: rideId, ...row, created_at: at })
    .onConflict((conflict) => conflict.column("ride_id").doUpdateSet(row))
    .execute();
}

/**
 * Adds or replaces a ride's route. The file is checked and measured before anything is
 * written; then the original is stored, then the row, and only then is a replaced original
 * deleted. A named meeting point survives a replacement; one still at the old start moves to
 * the new start.
 */
export async function saveRideRoute(
  { db, storage }: Services,
  rideId: string,
  upload: { data: Uint8Array; fileName: string },
): Promise<RideRoute> {
  if (!(await getRide(db, rideId))) throw new NotFoundError(ROUTE_MESSAGES.rideNotFound);
  const parsed = parseOrRefuse(upload.data);
  const summary = analyseOrRefuse(parsed, defaultSplit(parsed.lines.length));
  const previous = await getRideRoute(db, rideId);
  const kept = previous && (previous.meetingPoint.name || previous.meetingPoint.address) ? previous.meetingPoint : null;
  const key = originalKey(rideId, upload.fileName);
  await storage.put(key, upload.data, { contentType: GPX_TYPE });
  try {
    await writeRoute(db, rideId, {
      originalKey: key,
      fileName: upload.fileName.split(/[/\\]/).at(-1)?.slice(0, 200) || "route.gpx",
      bytes: upload.data.byteLength,
      summary,
      meetingPoint: kept ?? meetingPointAtStart(summary),
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (previous && previous.originalKey !== key) await storage.delete(previous.originalKey).catch(() => undefined);
  changed(rideId);
  return (await getRideRoute(db, rideId))!;
}

async function requireRoute(db: Executor, rideId: string): Promise<RideRoute> {
  const route = await getRideRoute(db, rideId);
  if (!route) throw new NotFoundError(ROUTE_MESSAGES.noRoute);
  return route;
}

/** The original GPX as uploaded, parsed again (the stored summary keeps only what pages draw). */
async function readOriginal(storage: ObjectStorage, route: RideRoute): Promise<ParsedGpx> {
  const object = await storage.get(route.originalKey);
  if (!object) throw new NotFoundError(ROUTE_MESSAGES.originalMissing);
  return parseGpx(await buffer(object.body));
}

/** The days as the admin assigns them: one per track or segment, or cut at picked overnight stops. */
export type DayAssignment = { by: "lines" } | { by: "stops"; stops: StopPick[] };

export async function assignRouteDays(
  { db, storage }: Services,
  rideId: string,
  assignment: DayAssignment,
): Promise<RideRoute> {
  const route = await requireRoute(db, rideId);
  const parsed = await readOriginal(storage, route);
  const summary = analyseOrRefuse(parsed, (file) =>
    assignment.by === "lines" ? assignment : splitAtPicks(file, assignment.stops),
  );
  await writeRoute(db, rideId, { ...route, summary });
  changed(rideId);
  return (await getRideRoute(db, rideId))!;
}

/** Sets the meeting point; a position left empty is the route's start. */
export async function setMeetingPoint(
  db: Database,
  rideId: string,
  input: Record<string, unknown>,
): Promise<RideRoute> {
  const route = await requireRoute(db, rideId);
  const start = meetingPointAtStart(route.summary);
  const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === "";
  const meetingPoint = parseOrThrow(meetingPointSchema, {
    ...input,
    latitude: blank(input.latitude) ? start.latitude : input.latitude,
    longitude: blank(input.longitude) ? start.longitude : input.longitude,
  });
  await writeRoute(db, rideId, { ...route, meetingPoint });
  changed(rideId);
  return (await getRideRoute(db, rideId))!;
}

/** Removes the route and its original; the ride itself is untouched. */
export async function removeRideRoute({ db, storage }: Services, rideId: string): Promise<void> {
  const route = await requireRoute(db, rideId);
  await db.deleteFrom("ride_routes").where("ride_id", "=", rideId).execute();
  await storage.delete(route.originalKey).catch(() => undefined);
  changed(rideId);
}

/** The original file's bytes, for "Download GPX" of the whole ride. */
export async function originalGpx(storage: ObjectStorage, route: RideRoute) {
  return storage.get(route.originalKey);
}

/** One day of the route as a GPX file of its own, or null past the last day. */
export async function dayGpx(
  storage: ObjectStorage,
  route: RideRoute,
  day: number,
  names: { ride: string; creator: string },
): Promise<string | null> {
  if (!Number.isInteger(day) || day < 1 || day > route.summary.days.length) return null;
  const parsed = await readOriginal(storage, route);
  const pieces = dayPoints(parsed, route.summary.split)[day - 1]!;
  return writeGpx({ name: `${names.ride} — day ${day}`, creator: names.creator, pieces });
}
