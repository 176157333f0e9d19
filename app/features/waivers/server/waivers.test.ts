import { expect, it } from "vitest";
import {
  SITE_WAIVER_SCOPE,
  WAIVER_CHANGED,
  WAIVER_NAME_MISMATCH,
  WAIVER_REQUIRED,
  waiverStateOf,
} from "~/features/waivers/domain/waiver";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../../tests/support/databases";
import { siteRide } from "../../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../../tests/support/registration-fixtures";
import { ValidationError } from "~/server/validation/errors.server";
import { acceptWaiverByToken } from "./accept.server";
import { cancelByToken, eraseByToken } from "~/server/registrations/cancel.server";
import { eraseRideRegistrations } from "~/server/registrations/erasure.server";
import { registrationsCsv, registrationsWithRides } from "~/server/registrations/csv.server";
import { getRegistration } from "~/server/registrations/queries.server";
import { runCommand } from "~/server/commands/command.server";
import { currentWaiver } from "./current-waiver.server";
import { saveWaiver, waiverVersions } from "./waivers.server";

const ADMIN = { id: null, email: "editor@example.com" };
/** Before the cut-off of the rides made here (start 2027-06-10). */
const NOW = new Date("2027-05-01T06:00:00Z");
const LATER = new Date("2027-05-02T06:00:00Z");

const openRide = (db: Database) => siteRide(db, { seats: 3, waitlist: true });
const save = (db: Database, scope: string, text: string, now = NOW) =>
  saveWaiver(db, scope, { text }, { actor: ADMIN, origin: "http://localhost", now });

/** A rider's form accepting `versionId` with the name typed. */
const accepting = (n: number, versionId: string, waiverName = `Rider ${n}`) =>
  riderForm(n, { waiverVersion: versionId, waiverName });

async function refusal(write: Promise<unknown>): Promise<Record<string, string>> {
  const error = await write.then(
    () => new Error("the write was accepted"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).errors;
}

/** A registration's waiver state against its ride's current waiver, as stored now. */
async function waiverStateNow(db: Database, rideId: string, registrationId: string) {
  return waiverStateOf(await currentWaiver(db, rideId), (await getRegistration(db, registrationId))!.waiverId);
}

const registrationRows = (db: Database) => db.selectFrom("registrations").selectAll().orderBy("id").execute();

describeEachEngine("waivers", (getDb) => {
  it("keeps each saved text as a frozen version, numbered, with when and by whom; the same text saves nothing", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const first = await save(db, ride.id, "Riding is risky.\n\nI ride at my own risk.");
    expect(first).toMatchObject({ changed: true, version: { version: 1, createdBy: ADMIN.email } });
    expect(await save(db, ride.id, "  Riding is risky.\n\nI ride at my own risk.  ", LATER)).toMatchObject({
      changed: false,
    });
    const second = await save(db, ride.id, "Helmets on. I ride at my own risk.", LATER);
    expect(second.version?.version).toBe(2);
    const versions = await waiverVersions(db, ride.id);
    expect(versions.map(({ version, text, createdAt }) => ({ version, text, createdAt }))).toEqual([
      { version: 2, text: "Helmets on. I ride at my own risk.", createdAt: LATER.toISOString() },
      { version: 1, text: "Riding is risky.\n\nI ride at my own risk.", createdAt: NOW.toISOString() },
    ]);
    expect((await currentWaiver(db, ride.id))?.version).toBe(2);
    const audit = await db.selectFrom("audit_log").select(["collection", "summary"]).execute();
    expect(audit.filter((row) => row.collection === "waivers")).toHaveLength(2);
  });

  it("uses the site's default on a ride without its own text, and no waiver once both are removed", async () => {
    const db = getDb();
    const ride = await openRide(db);
    expect(await currentWaiver(db, ride.id)).toBeNull();
    await save(db, SITE_WAIVER_SCOPE, "The club's waiver.");
    expect((await currentWaiver(db, ride.id))?.text).toBe("The club's waiver.");
    await save(db, ride.id, "This ride's own waiver.");
    expect((await currentWaiver(db, ride.id))?.text).toBe("This ride's own waiver.");
    await save(db, ride.id, "");
    expect((await currentWaiver(db, ride.id))?.text).toBe("The club's waiver.");
    await save(db, SITE_WAIVER_SCOPE, "");
    expect(await currentWaiver(db, ride.id)).toBeNull();
  });

  it("refuses a registration without the waiver, with another name or for an earlier version, writing nothing", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const v1 = (await save(db, ride.id, "Version one."))!.version!;
    expect(await refusal(registerRider(db, ride.id, riderForm(1), NOW))).toEqual({ waiverName: WAIVER_REQUIRED });
    expect(await refusal(registerRider(db, ride.id, accepting(1, v1.id, "Someone Else"), NOW))).toEqual({
      waiverName: WAIVER_NAME_MISMATCH,
    });
    const v2 = (await save(db, ride.id, "Version two."))!.version!;
    expect(await refusal(registerRider(db, ride.id, accepting(1, v1.id), NOW))).toEqual({
      waiverName: WAIVER_CHANGED,
    });
    expect(await registrationRows(db)).toEqual([]);
    // Case and spacing aside, the name is the one on the form.
    const { registration } = await registerRider(db, ride.id, accepting(1, v2.id, "  rider   1 "), NOW);
    expect(registration).toMatchObject({
      waiverId: v2.id,
      waiverName: "rider   1",
      waiverAcceptedAt: NOW.toISOString(),
    });
  });

  it("asks the riders to accept a changed waiver, tells them in a change message, and takes their new acceptance", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const v1 = (await save(db, ride.id, "Version one."))!.version!;
    const asha = await registerRider(db, ride.id, accepting(1, v1.id), NOW);
    const ravi = await registerRider(db, ride.id, accepting(2, v1.id), NOW);
    const gone = await registerRider(db, ride.id, accepting(3, v1.id), NOW);
    await cancelByToken(db, gone.token, NOW);
    const saved = await save(db, ride.id, "Version two.", LATER);
    expect(saved.told).toBe(2);
    const messages = await db.selectFrom("ride_messages").selectAll().where("kind", "=", "change").execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toContain("version 2");
    const told = await db
      .selectFrom("message_deliveries")
      .select("registration_id")
      .where("message_id", "=", messages[0]!.id)
      .where("channel", "=", "page")
      .execute();
    expect(told.map((row) => row.registration_id).sort()).toEqual([asha.registration.id, ravi.registration.id].sort());
    expect(await waiverStateNow(db, ride.id, asha.registration.id)).toBe("outdated");

    // An old version is refused, the new one taken; taking it twice changes nothing.
    expect(await refusal(acceptWaiverByToken(db, asha.token, { waiverVersion: v1.id, waiverName: "Rider 1" }))).toEqual(
      { waiverName: WAIVER_CHANGED },
    );
    const v2 = saved.version!;
    expect(await refusal(acceptWaiverByToken(db, asha.token, { waiverVersion: v2.id, waiverName: "Rider 2" }))).toEqual(
      { waiverName: WAIVER_NAME_MISMATCH },
    );
    const accepted = await acceptWaiverByToken(db, asha.token, { waiverVersion: v2.id, waiverName: "RIDER 1" }, LATER);
    expect(accepted).toMatchObject({ waiverId: v2.id, waiverName: "RIDER 1", waiverAcceptedAt: LATER.toISOString() });
    const again = await acceptWaiverByToken(db, asha.token, { waiverVersion: v2.id, waiverName: "Rider 1" });
    expect(again.waiverName).toBe("RIDER 1");
    expect(await waiverStateNow(db, ride.id, asha.registration.id)).toBe("accepted");

    // The version a rider accepted is frozen: it reads as it did.
    const versions = await waiverVersions(db, ride.id);
    expect(versions.find((version) => version.id === v1.id)?.text).toBe("Version one.");

    const csv = registrationsCsv(await registrationsWithRides(db, ride.id));
    expect(csv).toContain("Waiver,Waiver version accepted,Waiver name typed,Waiver accepted at");
    expect(csv).toContain(`Accepted,2,RIDER 1,${LATER.toISOString()}`);
    expect(csv).toContain(`Earlier version only,1,Rider 2,${NOW.toISOString()}`);
  });

  it("erases the name a rider typed with the registration, keeping which version was accepted and when", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const v1 = (await save(db, ride.id, "Version one."))!.version!;
    const asha = await registerRider(db, ride.id, accepting(1, v1.id), NOW);
    const ravi = await registerRider(db, ride.id, accepting(2, v1.id), NOW);
    await eraseByToken(db, asha.token, LATER);
    await runCommand(db, (command) => eraseRideRegistrations(command, ride.id), LATER);
    for (const id of [asha.registration.id, ravi.registration.id]) {
      const erased = await getRegistration(db, id);
      expect(erased).toMatchObject({ waiverId: v1.id, waiverName: "", waiverAcceptedAt: NOW.toISOString() });
    }
    const rows = await registrationRows(db);
    expect(rows.map((row) => row.waiver_name)).toEqual([null, null]);
  });
});
