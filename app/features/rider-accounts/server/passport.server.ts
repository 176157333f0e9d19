import { randomBytes } from "node:crypto";
import { RIDER_ACTOR } from "~/domain/audit";
import { readSavedDetails } from "~/features/rider-accounts/domain/account";
import {
  byLatestFirst,
  PASSPORT_SLUG,
  passportFigures,
  passportFirstName,
  type PassportFigures,
  type RiddenRide,
} from "~/features/rider-accounts/domain/passport";
import type { RouteSummary } from "~/domain/ride-route/types";
import { runCommand } from "~/server/commands/command.server";
import type { Database, Executor } from "~/server/db/schema.server";
import { registrationFromRow } from "~/server/registrations/rows.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";
import { NotFoundError } from "~/server/validation/errors.server";
import { serverClock } from "~/server/clock.server";

// The ride passport (docs/features/ride-passport.md): read from the account's check-ins, each
// ride's route or distance; public only while the rider keeps a slug on their account.

/** A route's stored summary figures, or null when its data is unreadable (never a failed page). */
function routeFigures(data: string | null): RiddenRide["route"] {
  if (data === null) return null;
  try {
    const { summary } = JSON.parse(data) as { summary?: Partial<RouteSummary> };
    if (typeof summary?.distance !== "number") return null;
    const highest = summary.highest;
    return {
      distance: summary.distance,
      climb: typeof summary.climb === "number" ? summary.climb : null,
      highest:
        highest && typeof highest.elevation === "number" ? { elevation: highest.elevation, name: highest.name } : null,
    };
  } catch {
    return null;
  }
}

/**
 * The rides the account was checked in on: its confirmed bookings with a check-in, on rides
 * that still exist and were not cancelled, each ride once (two bookings on one ride are one ride).
 */
export async function riddenRides(db: Executor, riderId: string): Promise<RiddenRide[]> {
  const rows = await db
    .selectFrom("registrations")
    .innerJoin("rides", "rides.id", "registrations.ride_id")
    .leftJoin("ride_routes", "ride_routes.ride_id", "rides.id")
    .selectAll("rides")
    .select("ride_routes.data as route_data")
    .where("registrations.rider_id", "=", riderId)
    .where("registrations.status", "=", "confirmed")
    .where("registrations.checked_in_at", "is not", null)
    .where("rides.status", "!=", "cancelled")
    .execute();
  const rides = new Map<string, RiddenRide>();
  for (const { route_data, ...row } of rows) {
    if (rides.has(row.id)) continue;
    const ride = rideFromRow(row);
    rides.set(row.id, {
      id: ride.id,
      title: ride.title,
      startDate: ride.startDate,
      endDate: ride.endDate,
      distanceKm: row.distance_km,
      route: routeFigures(route_data),
    });
  }
  return byLatestFirst([...rides.values()]);
}

export type Passport = { figures: PassportFigures; rides: RiddenRide[]; slug: string | null };

/** The rider's own passport: figures, the rides (latest first) and its public address, if any. */
export async function passportOf(db: Executor, riderId: string): Promise<Passport> {
  const [rides, rider] = await Promise.all([
    riddenRides(db, riderId),
    db.selectFrom("riders").select("passport_slug").where("id", "=", riderId).executeTakeFirst(),
  ]);
  return { figures: passportFigures(rides), rides, slug: rider?.passport_slug ?? null };
}

/** The first name of the account (domain passportFirstName): its saved details, else its latest kept booking. */
export async function riderFirstName(db: Executor, riderId: string, detailsJson: string | null): Promise<string> {
  const saved = readSavedDetails(detailsJson)?.name;
  if (saved?.trim()) return passportFirstName(saved, "");
  const latest = await db
    .selectFrom("registrations")
    .selectAll()
    .where("rider_id", "=", riderId)
    .where("erased_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .executeTakeFirst();
  return passportFirstName("", latest ? registrationFromRow(latest).name : "");
}

/** What a public passport shows: a first name and figures, nothing else of the rider. */
export type PublicPassport = { slug: string; firstName: string; figures: PassportFigures };

/** The public passport at `slug`, or null (unknown, made private, or the account erased). */
export async function publicPassport(db: Executor, slug: string): Promise<PublicPassport | null> {
  if (!PASSPORT_SLUG.test(slug)) return null;
  const rider = await db
    .selectFrom("riders")
    .select(["id", "details"])
    .where("passport_slug", "=", slug)
    .executeTakeFirst();
  if (!rider) return null;
  const [firstName, rides] = await Promise.all([
    riderFirstName(db, rider.id, rider.details),
    riddenRides(db, rider.id),
  ]);
  return { slug, firstName, figures: passportFigures(rides) };
}

/**
 * Makes the rider's passport public at a new unguessable address (128 random bits); a passport
 * already public keeps its address. Audited without the rider's name.
 */
export async function makePassportPublic(db: Database, riderId: string, now = serverClock()): Promise<string> {
  return runCommand(
    db,
    async (command) => {
      const rider = await command.trx
        .selectFrom("riders")
        .select("passport_slug")
        .where("id", "=", riderId)
        .executeTakeFirst();
      if (!rider) throw new NotFoundError("Account not found");
      if (rider.passport_slug) return rider.passport_slug;
      const slug = randomBytes(16).toString("base64url");
      await command.trx.updateTable("riders").set({ passport_slug: slug }).where("id", "=", riderId).execute();
      await command.audit(RIDER_ACTOR, {
        action: "updated",
        collection: "riders",
        recordId: riderId,
        summary: "Made their ride passport public",
      });
      return slug;
    },
    now,
  );
}

/**
 * Makes the passport private: its address is forgotten, so it answers 404 from now on (the page
 * and its card are never kept by a cache: see docs/features/ride-passport.md).
 */
export async function makePassportPrivate(db: Database, riderId: string, now = serverClock()): Promise<void> {
  await runCommand(
    db,
    async (command) => {
      const result = await command.trx
        .updateTable("riders")
        .set({ passport_slug: null })
        .where("id", "=", riderId)
        .where("passport_slug", "is not", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return;
      await command.audit(RIDER_ACTOR, {
        action: "updated",
        collection: "riders",
        recordId: riderId,
        summary: "Made their ride passport private",
      });
    },
    now,
  );
}
