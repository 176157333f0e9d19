import { randomUUID } from "node:crypto";
import { chargeUncharged } from "../registrations/ledger.server";
import { sql, type Selectable } from "kysely";
import type { AuditAction, AuditActor } from "~/domain/audit";
import { SIMILAR_RIDES_LIMIT } from "~/domain/constants";
import { INVALID_RIDE_ID } from "~/domain/messages";
import {
  INVALID_RIDE_STATUS,
  isRideStatus,
  rideInputSchema,
  type Ride,
  type RideInput,
  type RideStatus,
} from "~/domain/ride";
import { PREVIOUS_PAGE_SIZE } from "~/domain/ride-pages";
import { auditLineOfSave, type Restoring } from "~/domain/revisions";
import { type Command, runCommand } from "../commands/command.server";
import type { ContentAction } from "../content-events.server";
import type { Database, Executor, RidesTable } from "../db/schema.server";
import { promoteAfterSeatsAdded } from "../registrations/seats.server";
import { rideEdits } from "~/features/in-commands.server";
import { ConflictError, NotFoundError, ValidationError } from "../validation/errors.server";
import {
  countWithStatus,
  effectiveOrder,
  endOfSection,
  positionsAfterReorder,
  sectionQuery,
} from "./ride-order.server";
import { legacyFieldsAfterEdit, rideFromRow, rideRow, type LegacyRideFields } from "./ride-rows.server";
import { type RevisionWrite, recordRevision } from "../publishing/revisions.server";
import { recomputeStats } from "../content/stats.server";
import { parseOrThrow } from "../validation/validate.server";
import { serverClock } from "../clock.server";

export type RideCounts = { total: number; upcoming: number; completed: number; cancelled: number };

const RIDE_NOT_FOUND = "Ride not found";

/** Ids come from the server (UUIDs) or an import (e.g. the old app's document ids). */
function isRideId(id: unknown): id is string {
  return typeof id === "string" && id.length > 0 && id.length <= 200;
}

function now(): string {
  return serverClock().toISOString();
}

/**
 * What every ride write commits with: the content events (a ride write is also a change of the
 * statistics recomputed with it) and, when an admin or the site made it, its audit row.
 */
async function rideChanged(
  command: Command,
  id: string | null,
  action: ContentAction,
  actor: AuditActor | undefined,
  audit: { action: AuditAction; summary: string },
): Promise<void> {
  await command.enqueue({ kind: "content-changed", change: { collection: "rides", id, action } });
  await command.enqueue({ kind: "content-changed", change: { collection: "stats", id: "main", action: "updated" } });
  if (actor) await command.audit(actor, { collection: "rides", recordId: id, ...audit });
}

async function findRow(db: Executor, id: string): Promise<Selectable<RidesTable> | undefined> {
  return db.selectFrom("rides").selectAll().where("id", "=", id).executeTakeFirst();
}

/** What a revision keeps of a ride: the fields the admin form edits (decision 025). */
export function rideSnapshot(ride: Ride): RideInput {
  return Object.fromEntries(
    Object.keys(rideInputSchema.shape).map((key) => [key, ride[key as keyof Ride]]),
  ) as RideInput;
}

function rideRevision(
  ride: Ride,
  action: RevisionWrite["action"],
  actor: AuditActor | undefined,
  before?: Ride,
): RevisionWrite {
  return {
    collection: "rides",
    recordId: ride.id,
    action,
    actor,
    data: rideSnapshot(ride),
    ...(before ? { before: { data: rideSnapshot(before), at: before.updatedAt } } : {}),
  };
}

/** Rides visitors see: published by now (decision 025); a draft or a publication to come is not. */
const publishedBy = (now: Date) => now.toISOString();

// ——— Reads ———

/** The ride, or null when the id is unknown or not an id at all (product.md#data-rules). */
export async function getRide(db: Executor, id: string): Promise<Ride | null> {
  if (!isRideId(id)) return null;
  const row = await findRow(db, id);
  return row ? rideFromRow(row) : null;
}

/** Every ride, newest first (the admin's live list, product.md#live-updates). */
export async function listRides(db: Executor): Promise<Ride[]> {
  const rows = await db.selectFrom("rides").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(rideFromRow);
}

/** One status section in display order: the rule of product.md#ordering, applied by the database (sectionQuery). */
export async function listRidesByStatus(db: Executor, status: RideStatus): Promise<Ride[]> {
  const rows = await sectionQuery(db, status).selectAll().execute();
  return rows.map(rideFromRow);
}

/** One status section as visitors see it: the rides published by `now`, in display order. */
export async function listPublishedRides(db: Executor, status: RideStatus, now = serverClock()): Promise<Ride[]> {
  const rows = await sectionQuery(db, status).selectAll().where("published_at", "<=", publishedBy(now)).execute();
  return rows.map(rideFromRow);
}

export function listUpcomingRides(db: Executor, now = serverClock()): Promise<Ride[]> {
  return listPublishedRides(db, "upcoming", now);
}

/**
 * One page of the previous-rides page: completed rides only (cancelled ones are admin-only),
 * the latest year first (rides without a date last), in display order within a year, and how
 * many there are in all.
 */
export async function listPreviousRides(
  db: Executor,
  page = 1,
  size = PREVIOUS_PAGE_SIZE,
  now = serverClock(),
): Promise<{ rides: Ride[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("rides")
      .selectAll()
      .where("status", "=", "completed")
      .where("published_at", "<=", publishedBy(now))
      .orderBy(sql`substr(start_date, 1, 4)`, "desc")
      .orderBy(effectiveOrder)
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    countWithStatus(db, "completed", publishedBy(now)),
  ]);
  return { rides: rows.map(rideFromRow), total };
}

/** 'You Might Also Like' (product.md#similar-rides): up to `limit` other published rides of the same status, in display order. */
export async function similarRides(
  db: Executor,
  ride: Pick<Ride, "id" | "status">,
  limit = SIMILAR_RIDES_LIMIT,
  now = serverClock(),
): Promise<Ride[]> {
  const rows = await sectionQuery(db, ride.status)
    .selectAll()
    .where("id", "<>", ride.id)
    .where("published_at", "<=", publishedBy(now))
    .limit(limit)
    .execute();
  return rows.map(rideFromRow);
}

/** How many rides each status has; with `publishedBy`, only those published by then. */
export async function rideCounts(db: Executor, publishedBy?: string): Promise<RideCounts> {
  let query = db.selectFrom("rides").select((eb) => ["status", eb.fn.countAll<string | number>().as("count")]);
  if (publishedBy !== undefined) query = query.where("published_at", "<=", publishedBy);
  const rows = await query.groupBy("status").execute();
  const counts: RideCounts = { total: 0, upcoming: 0, completed: 0, cancelled: 0 };
  for (const row of rows) {
    const n = Number(row.count);
    counts.total += n;
    if (isRideStatus(row.status)) counts[row.status] += n;
  }
  return counts;
}

// ——— Writes: each one transaction that also recomputes the statistics ———

export type RideWriteOptions = {
  /**
   * The admin saving (or the site, for its own changes), whom the revision and the audit trail
   * name. Without one (the seed, the content CLIs) the revision names the site and the trail
   * has no entry.
   */
  actor?: AuditActor;
};

async function insertRide(
  db: Database,
  input: RideInput,
  legacy: LegacyRideFields,
  { actor, draft = false, copy = false }: CreateOptions,
): Promise<Ride> {
  return runCommand(db, async (command) => {
    const { trx } = command;
    const timestamp = now();
    const row = rideRow(input, legacy, {
      id: randomUUID(),
      order: await countWithStatus(trx, input.status),
      createdAt: timestamp,
      updatedAt: timestamp,
      version: 1,
    });
    const inserted = await trx
      .insertInto("rides")
      .values({ ...row, published_at: draft ? null : timestamp })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recomputeStats(trx);
    const created = rideFromRow(inserted);
    await recordRevision(trx, rideRevision(created, "created", actor));
    await rideChanged(command, created.id, "created", actor, {
      action: copy ? "duplicated" : "created",
      summary: `Added ride "${created.title}"${copy ? " as a copy" : ""}${draft ? " as a draft" : ""}`,
    });
    return created;
  });
}

type CreateOptions = RideWriteOptions & {
  /** Not public until published (decision 025). */
  draft?: boolean;
  /** A copy of another ride (the trail says so). */
  copy?: boolean;
};

/**
 * Adds a ride from the admin form. The server assigns the id, order, duration, timestamps
 * and version; any of those in `input` is ignored. Status defaults to upcoming and
 * participants to 0; the order is the number of rides with the same status (product.md#new-rides).
 * It is public at once, unless `draft` (decision 025).
 */
export async function createRide(db: Database, input: unknown, options: CreateOptions = {}): Promise<Ride> {
  return insertRide(db, parseOrThrow(rideInputSchema, input), { price: "", thingsToCarry: [] }, options);
}

type ReplaceOptions = RideWriteOptions & { expectedVersion?: number; restoring?: Restoring };

/**
 * Writes `fields` over the ride `current` within the command, with its revision, audit row and
 * content events; seats the write added (more seats, a waitlist-only option that now fits, the
 * ride upcoming again) go to the waitlist in the same transaction.
 */
async function replaceRide(
  command: Command,
  current: Selectable<RidesTable>,
  fields: RideInput,
  options: ReplaceOptions,
  summary: (ride: Ride) => string,
): Promise<Ride> {
  const { trx } = command;
  const { id } = current;
  const currentRide = rideFromRow(current);
  if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
    throw new ConflictError(currentRide);
  }
  const order = fields.status === current.status ? current.sort_order : await endOfSection(trx, fields.status);
  const {
    id: _id,
    created_at: _createdAt,
    ...changes
  } = rideRow(fields, legacyFieldsAfterEdit(currentRide), {
    id,
    order,
    createdAt: current.created_at,
    updatedAt: now(),
    version: current.version + 1,
  });
  // The version condition turns a concurrent write (PostgreSQL, between our read and
  // this update) into a conflict instead of a silent overwrite.
  // New dates, or upcoming again: reminders whose moment has passed are not sent (reminders.ts).
  const rescheduled =
    fields.startDate !== current.start_date || (fields.status === "upcoming" && current.status !== "upcoming");
  const updated = await trx
    .updateTable("rides")
    .set({ ...changes, ...(rescheduled ? { schedule_set_at: changes.updated_at } : {}) })
    .where("id", "=", id)
    .where("version", "=", current.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ConflictError(await getRide(trx, id));
  // Riders hear of new dates, meeting point or day plan (rider messages' delayed change notice).
  for (const edits of rideEdits) await edits.rideWritten(command, current, updated);
  await recomputeStats(trx);
  const saved = rideFromRow(updated);
  await recordRevision(
    trx,
    rideRevision(saved, options.restoring ? "restored" : "updated", options.actor, currentRide),
  );
  // A restore's trail entry says which revision came back (restore-revision.server.ts).
  const { restoring } = options;
  await rideChanged(
    command,
    id,
    "updated",
    options.actor,
    auditLineOfSave(restoring, saved.title, { action: "updated", summary: summary(saved) }),
  );
  await promoteAfterSeatsAdded(command, id, options.actor, `seats added to "${saved.title}"`);
  // A price that reads as a sum now charges the bookings it could not charge before (decision 059).
  await chargeUncharged(command, saved);
  return saved;
}

/**
 * Replaces a ride's fields with the form's. With `expectedVersion` (the version the admin
 * loaded), a ride written by someone else since is not overwritten: ConflictError carries
 * the current ride. A status change moves the ride to the end of its new section.
 */
export async function updateRide(
  db: Database,
  id: string,
  input: unknown,
  options: ReplaceOptions = {},
): Promise<Ride> {
  const fields = parseOrThrow(rideInputSchema, input);
  if (!isRideId(id)) throw new NotFoundError(RIDE_NOT_FOUND);
  return runCommand(db, async (command) => {
    const current = await findRow(command.trx, id);
    if (!current) throw new NotFoundError(RIDE_NOT_FOUND);
    return replaceRide(command, current, fields, options, (ride) => `Updated ride "${ride.title}"`);
  });
}

/**
 * Sets the ride's participants to what `count` finds in the write's own transaction. `count`
 * runs first, so it may lock what it counts (the registrations service locks the ride: no
 * check-in or cancellation lands between the count and the write). The rest of the ride is
 * kept as stored.
 */
export async function setRideParticipants(
  db: Database,
  id: string,
  count: (trx: Executor) => Promise<number>,
  options: RideWriteOptions = {},
): Promise<Ride> {
  if (!isRideId(id)) throw new NotFoundError(RIDE_NOT_FOUND);
  return runCommand(db, async (command) => {
    const participants = await count(command.trx);
    const current = await findRow(command.trx, id);
    if (!current) throw new NotFoundError(RIDE_NOT_FOUND);
    const fields = { ...rideSnapshot(rideFromRow(current)), participants };
    return replaceRide(
      command,
      current,
      fields,
      options,
      (ride) => `Set the participants of "${ride.title}" to ${participants} (riders checked in)`,
    );
  });
}

/**
 * Deletes a ride and its route's row; an id that is missing, malformed or unknown gets its
 * message (product.md#admin-rides). The route's files are storage's, deleted after this commits
 * (deleteRideAndRoute, ride-routes/ride-routes.server.ts).
 */
export async function deleteRide(db: Database, id: string, { actor }: RideWriteOptions = {}): Promise<void> {
  if (!isRideId(id)) throw new ValidationError({ id: INVALID_RIDE_ID });
  await runCommand(db, async (command) => {
    const { trx } = command;
    const deleted = await trx.deleteFrom("rides").where("id", "=", id).returningAll().executeTakeFirst();
    if (!deleted) throw new NotFoundError(INVALID_RIDE_ID);
    await trx.deleteFrom("ride_routes").where("ride_id", "=", id).execute();
    await recomputeStats(trx);
    const { title } = rideFromRow(deleted);
    await rideChanged(command, id, "deleted", actor, { action: "deleted", summary: `Deleted ride "${title}"` });
  });
}

/**
 * The card's status dropdown: the ride moves to the end of its new section. Choosing the
 * status it already has writes nothing (no new version, no event).
 */
export async function setRideStatus(
  db: Database,
  id: string,
  status: RideStatus,
  options: RideWriteOptions = {},
): Promise<Ride> {
  return (await changeRideStatus(db, id, status, options)).ride;
}

/**
 * setRideStatus, saying whether it wrote. With `from`, only a ride of that status changes, even
 * when two instances try at once (the automatic status, decision 025).
 */
export async function changeRideStatus(
  db: Database,
  id: string,
  status: RideStatus,
  options: RideWriteOptions & { from?: RideStatus; why?: (ride: Ride) => string } = {},
): Promise<{ ride: Ride; changed: boolean }> {
  if (!isRideStatus(status)) throw new ValidationError({ status: INVALID_RIDE_STATUS });
  if (!isRideId(id)) throw new NotFoundError(RIDE_NOT_FOUND);
  return runCommand(db, async (command) => {
    const { trx } = command;
    const current = await findRow(trx, id);
    if (!current) throw new NotFoundError(RIDE_NOT_FOUND);
    const unchanged = { ride: rideFromRow(current), changed: false };
    const timestamp = now();
    if (current.status === status || (options.from !== undefined && current.status !== options.from)) {
      return unchanged;
    }
    const updated = await trx
      .updateTable("rides")
      .set({
        status,
        sort_order: await endOfSection(trx, status),
        version: sql<number>`version + 1`,
        updated_at: timestamp,
        // Upcoming again: reminders whose moment has passed are not sent (reminders.ts).
        ...(status === "upcoming" ? { schedule_set_at: timestamp } : {}),
      })
      .where("id", "=", id)
      // Another write since the read (PostgreSQL) changed what this one is based on: it stands.
      .where("version", "=", current.version)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return unchanged;
    // A cancelled ride's riders are told, waitlist included (rider messages' change notice).
    for (const edits of rideEdits) await edits.rideWritten(command, current, updated);
    await recomputeStats(trx);
    const ride = rideFromRow(updated);
    await recordRevision(trx, rideRevision(ride, "status-changed", options.actor, rideFromRow(current)));
    await rideChanged(command, id, "updated", options.actor, {
      action: "status-changed",
      summary: `Marked ride "${ride.title}" as ${status}${options.why ? `: ${options.why(ride)}` : ""}`,
    });
    // Upcoming again (from cancelled, say): its free seats go to the waitlist.
    await promoteAfterSeatsAdded(command, id, options.actor, `"${ride.title}" is upcoming again`);
    return { ride, changed: true };
  });
}

/**
 * Drag-and-drop reorder of one section (product.md#ordering): each listed ride's order becomes its
 * position in the list. Every id must be a ride of that section, else nothing changes.
 * Rides of the section the list leaves out follow it, in their current order. One
 * statement rewrites the positions that changed, in one transaction.
 */
export async function reorderRides(
  db: Database,
  status: RideStatus,
  orderedIds: string[],
  { actor }: RideWriteOptions = {},
): Promise<void> {
  if (!isRideStatus(status)) throw new ValidationError({ status: INVALID_RIDE_STATUS });
  if (!Array.isArray(orderedIds) || !orderedIds.every(isRideId)) {
    throw new ValidationError({ orderedIds: "The new order must be a list of ride ids" });
  }
  if (new Set(orderedIds).size !== orderedIds.length) {
    throw new ValidationError({ orderedIds: "The new order lists a ride more than once" });
  }
  await runCommand(db, async (command) => {
    const { trx } = command;
    const section = await sectionQuery(trx, status).select(["id", "sort_order"]).execute();
    const inSection = new Set(section.map((row) => row.id));
    const stranger = orderedIds.find((id) => !inSection.has(id));
    if (stranger !== undefined) {
      throw new ValidationError({ orderedIds: `Ride ${stranger} is not one of the ${status} rides` });
    }
    const positions = positionsAfterReorder(
      section.map((row) => row.id),
      orderedIds,
    );
    const moved = section.filter((row) => row.sort_order !== positions.get(row.id));
    if (moved.length > 0) {
      const newOrder = sql<number>`case id ${sql.join(
        moved.map((row) => sql`when ${row.id} then ${sql.lit(positions.get(row.id) ?? 0)}`),
        sql` `,
      )} end`;
      await trx
        .updateTable("rides")
        .set({ sort_order: newOrder, version: sql<number>`version + 1`, updated_at: now() })
        .where(
          "id",
          "in",
          moved.map((row) => row.id),
        )
        .execute();
    }
    await recomputeStats(trx);
    await rideChanged(command, null, "reordered", actor, {
      action: "reordered",
      summary: `Reordered the ${status} rides`,
    });
  });
}
