import { z } from "zod";
import type { Stats } from "~/domain/content";
import { registrationSettingsOf } from "~/domain/registration/settings";
import {
  checkInKey,
  FALLBACK_STATS,
  rideBreakdown,
  statsFromBreakdown,
  type RideBreakdown,
  type RideFacts,
} from "~/domain/stats";
import type { AuditActor } from "~/domain/audit";
import { type Command, runCommand } from "../commands/command.server";
import type { Database, Executor } from "../db/schema.server";
import { rideFromRow } from "../rides/ride-rows.server";
import { readDocument, writeDocument } from "./documents.server";
import { serverClock } from "../clock.server";

const count = z.number().int().min(0);

/** A stored stats record (product.md#content-model); also what an import file must hold under `stats`. */
export const statsRecordSchema = z.object({
  completedRides: count,
  happyRiders: count,
  kilometersCovered: count,
  monthsOfAdventure: count,
  isAutoCalculated: z.boolean(),
  lastUpdated: z.iso.datetime({ offset: true }).nullable(),
});

/** The stored statistics record, or null while none has been stored (or it is unreadable). */
export async function getStoredStats(db: Executor): Promise<Stats | null> {
  const stored = await readDocument(db, "stats");
  const parsed = stored && statsRecordSchema.safeParse(stored.data);
  return parsed?.success ? parsed.data : null;
}

/** The stored statistics, or the fallback figures (product.md#statistics) while none have been stored. */
export async function getStats(db: Executor): Promise<Stats> {
  return (await getStoredStats(db)) ?? FALLBACK_STATS;
}

/**
 * Only the slim columns, and the documents of the completed rides that have check-ins (whether
 * each takes registrations on the site): statistics parse no other ride document.
 */
async function rideFacts(db: Executor): Promise<RideFacts[]> {
  const rows = await db
    .selectFrom("rides")
    .select(["id", "status", "participants", "distance_km", "start_date", "end_date"])
    .execute();
  const checkedIn = await siteCheckIns(db);
  return rows.map((row) => ({
    status: row.status,
    participants: row.participants,
    distanceKm: row.distance_km,
    startDate: row.start_date,
    endDate: row.end_date,
    checkedIn: checkedIn.get(row.id),
  }));
}

/** The keys (checkInKey) of the riders checked in on each completed ride taking registrations on the site. */
async function siteCheckIns(db: Executor): Promise<Map<string, string[]>> {
  const checkIns = await db
    .selectFrom("registrations")
    .innerJoin("rides", "rides.id", "registrations.ride_id")
    .select(["registrations.id", "registrations.ride_id", "registrations.rider_id", "registrations.phone"])
    .where("rides.status", "=", "completed")
    .where("registrations.status", "=", "confirmed")
    .where("registrations.checked_in_at", "is not", null)
    .execute();
  const byRide = new Map<string, string[]>();
  if (checkIns.length === 0) return byRide;
  const rideIds = [...new Set(checkIns.map((checkIn) => checkIn.ride_id))];
  const documents = await db.selectFrom("rides").selectAll().where("id", "in", rideIds).execute();
  const siteRides = new Set(
    documents.filter((row) => registrationSettingsOf(rideFromRow(row)).mode === "site").map((row) => row.id),
  );
  for (const checkIn of checkIns) {
    if (!siteRides.has(checkIn.ride_id)) continue;
    const key = checkInKey({ riderId: checkIn.rider_id, phone: checkIn.phone, registrationId: checkIn.id });
    byRide.set(checkIn.ride_id, [...(byRide.get(checkIn.ride_id) ?? []), key]);
  }
  return byRide;
}

export async function getRideBreakdown(db: Executor): Promise<RideBreakdown> {
  return rideBreakdown(await rideFacts(db));
}

/**
 * Recalculates the statistics from the rides and stores them (product.md#statistics). Ride services call
 * it inside their own transaction, so the stored figures always match the committed rides.
 */
export async function recomputeStats(executor: Executor): Promise<Stats> {
  const stats: Stats = {
    ...statsFromBreakdown(rideBreakdown(await rideFacts(executor))),
    isAutoCalculated: true,
    lastUpdated: serverClock().toISOString(),
  };
  await writeDocument(executor, "stats", stats, stats.lastUpdated ?? undefined);
  return stats;
}

/** Recalculates the statistics in `command`, and the pages showing them hear of it after the commit. */
export async function restateStats(command: Command): Promise<Stats> {
  const stats = await recomputeStats(command.trx);
  await command.enqueue({ kind: "content-changed", change: { collection: "stats", id: "main", action: "updated" } });
  return stats;
}

/** The admin's 'Refresh Stats', as one command: audited when an admin (`actor`) asked for it. */
export async function refreshStats(db: Database, { actor }: { actor?: AuditActor } = {}): Promise<Stats> {
  return runCommand(db, async (command) => {
    const stats = await restateStats(command);
    if (actor)
      await command.audit(actor, {
        action: "refreshed",
        collection: "stats",
        recordId: "main",
        summary: "Refreshed the statistics",
      });
    return stats;
  });
}
