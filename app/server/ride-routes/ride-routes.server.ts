import type { AuditActor } from "~/domain/audit";
import { buffer } from "node:stream/consumers";
import type { Selectable } from "kysely";
import { analyseRoute, dayPoints, splitAtPicks } from "~/domain/ride-route/analyse";
import { DaySplitError, type StopPick, defaultSplit } from "~/domain/ride-route/days";
import { GpxRejectedError } from "~/domain/ride-route/gpx-guard";
import { type MeetingPoint, meetingPointAtStart } from "~/domain/ride-route/meeting-point";
import { meetingPointSchema } from "./meeting-point-schema.server";
import type { DaySplit, ParsedGpx, RouteSummary } from "~/domain/ride-route/types";
import { writeGpx } from "~/domain/ride-route/write-gpx";
import { SITE_NAME } from "~/domain/site";
import { type Command, runCommand } from "../commands/command.server";
import type { Database, Executor, RideRoutesTable } from "../db/schema.server";
import { sanitiseFileName } from "../images/keys.server";
import { NotFoundError, ValidationError } from "../validation/errors.server";
import type { Logger } from "../logger.server";
import { deleteRide, getRide } from "../rides/rides.server";
import { parseGpxOffThread } from "./gpx-worker.server";
import { parseOrThrow } from "../validation/validate.server";
import type { ObjectStorage } from "../storage/storage.server";
import { rideEdits } from "~/features/in-commands.server";
import { createTurns } from "../turns.server";
import { ridePagesChanged } from "../rides/pages-changed.server";
import { serverClock } from "../clock.server";

export type RideRoute = {
  rideId: string;
  fileName: string;
  bytes: number;
  originalKey: string;
  /** Each day's GPX, cut once when the days are set, so a download is a read from storage. */
  dayKeys: string[];
  summary: RouteSummary;
  meetingPoint: MeetingPoint;
  createdAt: string;
  updatedAt: string;
};

type Stored = Pick<RideRoute, "summary" | "meetingPoint" | "dayKeys">;
type Services = { db: Database; storage: ObjectStorage };
type RouteFields = Omit<RideRoute, "rideId" | "createdAt" | "updatedAt">;

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
    dayKeys: stored.dayKeys,
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

/**
 * A parsed file's XML tree costs about 4 KB of memory per point (some 190 MB for 50,000), so
 * files are parsed one at a time (each in a worker thread): two large uploads at once never
 * hold two trees.
 */
const oneAtATime = createTurns(1);

function analyseOrRefuse(parsed: ParsedGpx, split: DaySplit | ((parsed: ParsedGpx) => DaySplit)): RouteSummary {
  try {
    return analyseRoute(parsed, typeof split === "function" ? split(parsed) : split);
  } catch (error) {
    asValidation(error, "days");
  }
}

const now = () => serverClock().toISOString();

/** Whom a route write's audit row names; without one (the seed, scripts) the trail has no entry. */
export type RouteWriteOptions = { actor?: AuditActor };

/**
 * What every route write commits with (decision 029): the ride's content event and, when an
 * admin made it, its audit row ('`what` of ride "…"').
 */
async function routeChanged(command: Command, rideId: string, actor: AuditActor | undefined, what: string) {
  await command.enqueue(ridePagesChanged(rideId));
  if (!actor) return;
  const ride = await getRide(command.trx, rideId);
  await command.audit(actor, {
    action: "updated",
    collection: "rides",
    recordId: rideId,
    summary: `${what} of ride "${ride?.title ?? rideId}"`,
  });
}

/**
 * Every file of a ride's route lives under routes/{ride}/, the id written with letters, digits
 * and '-' as they are and every other byte as '_' and two hex digits: one folder per id (a
 * UUID's folder is the UUID), where replacing signs by '_' put 'a.b' and 'a_b' in one.
 */
const folderOf = (rideId: string) =>
  `routes/${Array.from(new TextEncoder().encode(rideId), (byte) => {
    const sign = String.fromCharCode(byte);
    return /[A-Za-z0-9-]/.test(sign) ? sign : `_${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("")}/`;

/** A new key per upload (and per set of days), so a replaced file is never served stale. */
function originalKey(rideId: string, fileName: string): string {
  return `${folderOf(rideId)}${serverClock().getTime()}_${sanitiseFileName(fileName)}.gpx`;
}

/** Writes each day as a GPX file of its own; returns their keys, day 1 first. */
async function writeDayFiles(
  storage: ObjectStorage,
  rideId: string,
  title: string,
  parsed: ParsedGpx,
  split: DaySplit,
): Promise<string[]> {
  const stamp = serverClock().getTime();
  const keys: string[] = [];
  for (const [index, pieces] of dayPoints(parsed, split).entries()) {
    const key = `${folderOf(rideId)}${stamp}_day-${index + 1}.gpx`;
    const gpx = writeGpx({ name: `${title} — day ${index + 1}`, creator: SITE_NAME, pieces });
    await storage.put(key, new TextEncoder().encode(gpx), { contentType: GPX_TYPE });
    keys.push(key);
  }
  return keys;
}

/** Deletes the ride's route files that `keep` does not name (a replaced original, an old set of days). */
async function deleteOtherFiles(storage: ObjectStorage, rideId: string, keep: string[]): Promise<void> {
  const stale: string[] = [];
  for await (const object of storage.list(folderOf(rideId))) if (!keep.includes(object.key)) stale.push(object.key);
  await Promise.all(stale.map((key) => storage.delete(key).catch(() => undefined)));
}

async function writeRoute(db: Executor, rideId: string, fields: RouteFields) {
  const at = now();
  const stored: Stored = { summary: fields.summary, meetingPoint: fields.meetingPoint, dayKeys: fields.dayKeys };
  const row = {
    original_key: fields.originalKey,
    original_name: fields.fileName,
    bytes: fields.bytes,
    data: JSON.stringify(stored),
    updated_at: at,
  };
  await db
    .insertInto("ride_routes")
    .values({ ride_id: rideId, ...row, created_at: at })
    .onConflict((conflict) => conflict.column("ride_id").doUpdateSet(row))
    .execute();
}

/**
 * Stores the files (done by the caller), then the row with its audit row and content event in
 * one command, then deletes the files the row no longer names. A failure before the row is
 * committed deletes the new files and leaves the route as it was.
 */
async function commitRoute(
  storage: ObjectStorage,
  db: Database,
  rideId: string,
  fields: RouteFields,
  newKeys: string[],
  actor: AuditActor | undefined,
  what: string,
) {
  try {
    await runCommand(db, async (command) => {
      await writeRoute(command.trx, rideId, fields);
      await routeChanged(command, rideId, actor, what);
    });
  } catch (error) {
    await Promise.all(newKeys.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  await deleteOtherFiles(storage, rideId, [fields.originalKey, ...fields.dayKeys]);
}

/**
 * Adds or replaces a ride's route. The file is checked and measured before anything is
 * written. A named meeting point survives a replacement; one still at the old start moves to
 * the new start.
 */
export async function saveRideRoute(
  { db, storage }: Services,
  rideId: string,
  upload: { data: Uint8Array; fileName: string },
  { actor }: RouteWriteOptions = {},
): Promise<RideRoute> {
  const ride = await getRide(db, rideId);
  if (!ride) throw new NotFoundError(ROUTE_MESSAGES.rideNotFound);
  const key = originalKey(rideId, upload.fileName);
  const { summary, dayKeys } = await oneAtATime(async () => {
    let parsed: ParsedGpx;
    try {
      parsed = await parseGpxOffThread(upload.data);
    } catch (error) {
      asValidation(error, "file");
    }
    const summary = analyseOrRefuse(parsed, defaultSplit(parsed.lines.length));
    await storage.put(key, upload.data, { contentType: GPX_TYPE });
    return { summary, dayKeys: await writeDayFiles(storage, rideId, ride.title, parsed, summary.split) };
  });
  const previous = await getRideRoute(db, rideId);
  const kept = previous && (previous.meetingPoint.name || previous.meetingPoint.address) ? previous.meetingPoint : null;
  await commitRoute(
    storage,
    db,
    rideId,
    {
      originalKey: key,
      fileName: upload.fileName.split(/[/\\]/).at(-1)?.slice(0, 200) || "route.gpx",
      bytes: upload.data.byteLength,
      dayKeys,
      summary,
      meetingPoint: kept ?? meetingPointAtStart(summary),
    },
    [key, ...dayKeys],
    actor,
    `Uploaded the route (${summary.days.length} days)`,
  );
  return (await getRideRoute(db, rideId))!;
}

async function requireRoute(db: Executor, rideId: string): Promise<RideRoute> {
  const route = await getRideRoute(db, rideId);
  if (!route) throw new NotFoundError(ROUTE_MESSAGES.noRoute);
  return route;
}

/** The days as the admin assigns them: one per track or segment, or cut at picked overnight stops. */
export type DayAssignment = { by: "lines" } | { by: "stops"; stops: StopPick[] };

/** Cuts the route into days again, from the original file (the summary keeps only what pages draw). */
export async function assignRouteDays(
  { db, storage }: Services,
  rideId: string,
  assignment: DayAssignment,
  { actor }: RouteWriteOptions = {},
): Promise<RideRoute> {
  const route = await requireRoute(db, rideId);
  const title = (await getRide(db, rideId))?.title ?? "";
  const { summary, dayKeys } = await oneAtATime(async () => {
    const object = await storage.get(route.originalKey);
    if (!object) throw new NotFoundError(ROUTE_MESSAGES.originalMissing);
    const parsed = await parseGpxOffThread(await buffer(object.body));
    const summary = analyseOrRefuse(parsed, (file) =>
      assignment.by === "lines" ? assignment : splitAtPicks(file, assignment.stops),
    );
    return { summary, dayKeys: await writeDayFiles(storage, rideId, title, parsed, summary.split) };
  });
  await commitRoute(
    storage,
    db,
    rideId,
    { ...route, summary, dayKeys },
    dayKeys,
    actor,
    `Set ${summary.days.length} route days`,
  );
  return (await getRideRoute(db, rideId))!;
}

/** Sets the meeting point; a position left empty is the route's start. */
export async function setMeetingPoint(
  db: Database,
  rideId: string,
  input: Record<string, unknown>,
  { actor }: RouteWriteOptions = {},
): Promise<RideRoute> {
  const route = await requireRoute(db, rideId);
  const start = meetingPointAtStart(route.summary);
  const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === "";
  const meetingPoint = parseOrThrow(meetingPointSchema, {
    ...input,
    latitude: blank(input.latitude) ? start.latitude : input.latitude,
    longitude: blank(input.longitude) ? start.longitude : input.longitude,
  });
  await runCommand(db, async (command) => {
    await writeRoute(command.trx, rideId, { ...route, meetingPoint });
    // A renamed meeting point is told the ride's riders (rider messages' change notice).
    const name = { before: route.meetingPoint.name, after: meetingPoint.name };
    for (const edits of rideEdits) await edits.meetingPointRenamed(command, rideId, name);
    await routeChanged(command, rideId, actor, "Set the meeting point");
  });
  return (await getRideRoute(db, rideId))!;
}

/** Removes the route (its row, in one command), then its files; the ride itself is untouched. */
export async function removeRideRoute(
  { db, storage }: Services,
  rideId: string,
  { actor }: RouteWriteOptions = {},
): Promise<void> {
  await requireRoute(db, rideId);
  await runCommand(db, async (command) => {
    await command.trx.deleteFrom("ride_routes").where("ride_id", "=", rideId).execute();
    await routeChanged(command, rideId, actor, "Removed the route");
  });
  await deleteOtherFiles(storage, rideId, []);
}

/**
 * Deletes a ride, its route's row in the same transaction (deleteRide), then the route's files.
 * Files that cannot be deleted are logged and left behind: the ride is deleted all the same, and
 * nothing names them any more.
 */
export async function deleteRideAndRoute(
  { db, storage, logger }: Services & { logger: Logger },
  rideId: string,
  actor?: AuditActor,
): Promise<void> {
  await deleteRide(db, rideId, { actor });
  const keys: string[] = [];
  try {
    for await (const object of storage.list(folderOf(rideId))) keys.push(object.key);
    const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
    const failures = results.filter((result) => result.status === "rejected");
    if (failures.length > 0) {
      logger.warn(
        { rideId, failed: failures.length, of: keys.length, err: failures[0]!.reason },
        "a deleted ride's route files could not all be deleted",
      );
    }
  } catch (error) {
    logger.warn({ rideId, err: error }, "a deleted ride's route files could not be listed for deletion");
  }
}

/** The original file, for "Download GPX" of the whole ride. */
export function originalGpx(storage: ObjectStorage, route: RideRoute) {
  return storage.get(route.originalKey);
}

/** Day n's GPX file, or null past the last day. */
export function dayGpx(storage: ObjectStorage, route: RideRoute, day: number) {
  const key = Number.isInteger(day) ? route.dayKeys[day - 1] : undefined;
  return key ? storage.get(key) : Promise.resolve(null);
}
