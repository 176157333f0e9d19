import {
  ROLL_CALL_MARKS,
  type RideDayPack,
  type RideDayRider,
  type RollCall,
  type RollCallMark,
} from "~/features/ride-day/domain/pack";
import { rideDayDays } from "~/features/ride-day/domain/days";
import { rideDayPackExpiry } from "~/features/ride-day/domain/expiry";
import type { Dues } from "~/domain/registration/dues";
import { duesOfBookings } from "~/server/registrations/ledger.server";
import { riderWaiverOf } from "~/features/waivers/domain/waiver";
import type { Executor } from "~/server/db/schema.server";
import { registrationFromRow, type Registration } from "~/server/registrations/rows.server";
import { getRideRoute } from "~/server/ride-routes/ride-routes.server";
import { meetingPointOf } from "~/features/rider-messages/server/change-notice.server";
import { getRide } from "~/server/rides/rides.server";
import { currentWaiver } from "~/features/waivers/server/current-waiver.server";
import { versionNumbers } from "~/features/waivers/server/waivers.server";

// The ride-day pack (docs/features/ride-day.md#the-pack): what a captain's phone holds to run
// the ride without signal. Personal data: only for the admins who may open the ride's Check-in
// page, never stored by a cache.

const isMark = (value: string): value is RollCallMark => (ROLL_CALL_MARKS as readonly string[]).includes(value);

/** The ride's roll calls, oldest first, each with its marks by rider. */
export async function rollCallsOf(db: Executor, rideId: string): Promise<RollCall[]> {
  const calls = await db
    .selectFrom("roll_calls")
    .select(["id", "label", "created_at"])
    .where("ride_id", "=", rideId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  if (calls.length === 0) return [];
  const marks = await db
    .selectFrom("roll_call_marks")
    .select(["roll_call_id", "registration_id", "mark"])
    .where("roll_call_id", "in", (eb) => eb.selectFrom("roll_calls").select("id").where("ride_id", "=", rideId))
    .execute();
  return calls.map((call) => ({
    id: call.id,
    label: call.label,
    createdAt: call.created_at,
    marks: Object.fromEntries(
      marks.flatMap((row) =>
        row.roll_call_id === call.id && isMark(row.mark) ? [[row.registration_id, row.mark]] : [],
      ),
    ),
  }));
}

/**
 * Who rides: the confirmed riders, and the cancelled ones a roll call of the ride marked (the
 * captain counted them, so the phone keeps showing them, as cancelled). Erased riders never.
 */
export async function rideDayRegistrations(db: Executor, rideId: string): Promise<Registration[]> {
  const rows = await db
    .selectFrom("registrations")
    .selectAll()
    .where("ride_id", "=", rideId)
    .where("erased_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("status", "=", "confirmed"),
        eb.and([
          eb("status", "=", "cancelled"),
          eb(
            "id",
            "in",
            eb
              .selectFrom("roll_call_marks")
              .innerJoin("roll_calls", "roll_calls.id", "roll_call_marks.roll_call_id")
              .select("roll_call_marks.registration_id")
              .where("roll_calls.ride_id", "=", rideId),
          ),
        ]),
      ]),
    )
    .execute();
  return rows
    .map(registrationFromRow)
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, "en-IN", { sensitivity: "base", numeric: true }) || a.id.localeCompare(b.id),
    );
}

function rideDayRider(registration: Registration, dues: Dues, waiver: RideDayRider["waiver"]): RideDayRider {
  return {
    id: registration.id,
    reference: registration.reference,
    name: registration.name,
    phone: registration.phone,
    option: registration.option,
    pillionName: registration.pillionName,
    status: registration.status,
    // A booking with no booking amount to pay (no price on the site) is not "Payment due".
    payment: dues.booking?.paid === false ? "due" : "paid",
    balancePaid: dues.balance?.paid ?? null,
    checkedInAt: registration.checkedInAt,
    emergencyName: registration.emergencyName,
    emergencyPhone: registration.emergencyPhone,
    bloodGroup: registration.bloodGroup,
    licence: registration.licenceNumber,
    bike: registration.bikeModel,
    waiver,
  };
}

/** The ride's pack as of `now`, or null when the ride does not exist. */
export async function loadRideDayPack(db: Executor, rideId: string, now: Date): Promise<RideDayPack | null> {
  const ride = await getRide(db, rideId);
  if (!ride) return null;
  const [route, meetingPoint, registrations, rollCalls, waiver] = await Promise.all([
    getRideRoute(db, ride.id),
    meetingPointOf(db, ride),
    rideDayRegistrations(db, ride.id),
    rollCallsOf(db, ride.id),
    currentWaiver(db, ride.id),
  ]);
  const versions = await versionNumbers(
    db,
    registrations.map((registration) => registration.waiverId),
  );
  const dues = await duesOfBookings(db, registrations, ride, now);
  return {
    rideId: ride.id,
    title: ride.title,
    startDate: ride.startDate,
    endDate: ride.endDate,
    meetingPoint,
    days: rideDayDays(ride.itinerary, route?.summary.days ?? null),
    riders: registrations.map((registration) =>
      rideDayRider(registration, dues.get(registration.id)!, riderWaiverOf(waiver, versions, registration)),
    ),
    rollCalls,
    takenAt: now.toISOString(),
    expiresAt: rideDayPackExpiry(ride, now),
  };
}
