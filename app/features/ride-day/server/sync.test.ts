import { randomUUID } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { mayAccess } from "~/server/auth/admin-access.server";
import { describeEachEngine } from "../../../../tests/support/databases";
import { insertUser, siteRide } from "../../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../../tests/support/registration-fixtures";
import { rideDayOps, secondInstance } from "../../../../tests/support/ride-day";
import { cancelRegistration, eraseByToken } from "~/server/registrations/cancel.server";
import { setCheckedIn } from "./check-in.server";
import { eraseRide } from "~/server/registrations/erasure.server";
import { getRegistration } from "~/server/registrations/queries.server";
import { RIDE_DAY_MESSAGES } from "./ops.server";
import { syncRideDay } from "./sync.server";
import { getStats, refreshStats } from "~/server/content/stats.server";

const NOW = new Date("2027-06-10T03:00:00Z");
const CAPTAIN = { id: "captain-1", email: "captain@example.com" };
const { checkIn, undoCheckIn, rollCall, mark } = rideDayOps;

const ride = (db: Database) => siteRide(db, { seats: 10 });
const book = (db: Database, rideId: string, n: number, overrides: Record<string, unknown> = {}) =>
  registerRider(db, rideId, riderForm(n, overrides), new Date("2027-05-01T06:00:00Z"));

async function auditSummaries(db: Database, pattern: string): Promise<string[]> {
  const rows = await db.selectFrom("audit_log").select("summary").where("summary", "like", pattern).execute();
  return rows.map((row) => row.summary);
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

describeEachEngine("the ride-day sync", (getDb, engine) => {
  it("checks a rider in at the time the captain tapped, through the Check-in page's write, once however often sent", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const { registration } = await book(db, id, 1);
    const op = checkIn(registration.id, "2027-06-10T01:15:00+05:30");
    const first = await syncRideDay(db, CAPTAIN, id, [op, op], NOW);
    const again = await syncRideDay(db, CAPTAIN, id, [op], NOW);
    expect(first!.results).toEqual([
      { id: op.id, outcome: "applied" },
      { id: op.id, outcome: "applied" },
    ]);
    expect(again!.results).toEqual([{ id: op.id, outcome: "applied" }]);
    expect((await getRegistration(db, registration.id))!.checkedInAt).toBe("2027-06-09T19:45:00.000Z");
    expect(again!.pack.riders[0]!.checkedInAt).toBe("2027-06-09T19:45:00.000Z");
    expect(await auditSummaries(db, "Checked in booking%")).toEqual([
      `Checked in booking ${registration.reference} on "Spiti Valley Circuit"`,
    ]);
    // The check-in's time is never later than the server's: a phone's clock may run ahead.
    const { registration: other } = await book(db, id, 2);
    await syncRideDay(db, CAPTAIN, id, [checkIn(other.id, "2030-01-01T00:00:00Z")], NOW);
    expect((await getRegistration(db, other.id))!.checkedInAt).toBe(NOW.toISOString());
  });

  it("clamps a change timed before the ride's window to its start, as it clamps one in the future to the server's time", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const { registration } = await book(db, id, 1);
    const rollCallId = randomUUID();
    await syncRideDay(
      db,
      CAPTAIN,
      id,
      [
        checkIn(registration.id, "1970-01-01T00:00:00Z"),
        rollCall(rollCallId, "Flag-off", "1970-01-01T00:00:00Z"),
        mark(rollCallId, registration.id, "present", "0001-01-01T00:00:00Z"),
      ],
      NOW,
    );
    // The ride starts 10 June 2027: its window opens at the start of 7 June, India time; each
    // change of the sync follows the one before by at least a millisecond.
    expect((await getRegistration(db, registration.id))!.checkedInAt).toBe("2027-06-06T18:30:00.000Z");
    const call = await db.selectFrom("roll_calls").select("created_at").where("id", "=", rollCallId).executeTakeFirst();
    expect(call!.created_at).toBe("2027-06-06T18:30:00.001Z");
    const marked = await db.selectFrom("roll_call_marks").select("marked_at").executeTakeFirst();
    expect(marked!.marked_at).toBe("2027-06-06T18:30:00.002Z");
  });

  it("writes each change's audit row at the change's own time, in the order the changes were made", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const { registration } = await book(db, id, 1);
    const trail = async (recordId: string) => {
      const rows = await db
        .selectFrom("audit_log")
        .select(["summary", "created_at"])
        .where("record_id", "=", recordId)
        .where((eb) => eb.or([eb("summary", "like", "Checked in%"), eb("summary", "like", "Undid the check-in%")]))
        .orderBy("created_at")
        .execute();
      return rows.map((row) => [row.summary.split(" booking")[0], row.created_at]);
    };
    await syncRideDay(
      db,
      CAPTAIN,
      id,
      [checkIn(registration.id, "2027-06-10T02:10:00Z"), undoCheckIn(registration.id, "2027-06-10T02:20:00Z")],
      NOW,
    );
    expect(await trail(registration.id)).toEqual([
      ["Checked in", "2027-06-10T02:10:00.000Z"],
      ["Undid the check-in of", "2027-06-10T02:20:00.000Z"],
    ]);
    // Clamped to one time (a phone's clock far behind, or far ahead), they still follow each other.
    for (const [n, at] of [
      [2, "1970-01-01T00:00:00Z"],
      [3, "2999-01-01T00:00:00Z"],
    ] as const) {
      const { registration: other } = await book(db, id, n);
      await syncRideDay(
        db,
        CAPTAIN,
        id,
        [checkIn(other.id, at), undoCheckIn(other.id, at), checkIn(other.id, at)],
        NOW,
      );
      const rows = await trail(other.id);
      expect(rows.map(([what]) => what)).toEqual(["Checked in", "Undid the check-in of", "Checked in"]);
      expect(new Set(rows.map(([, time]) => time)).size).toBe(3);
    }
  });

  it("recounts happy riders once when a phone syncs check-ins after its ride was completed", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const riders = [await book(db, id, 1), await book(db, id, 2)].map(({ registration }) => registration);
    await db.updateTable("rides").set({ status: "completed" }).where("id", "=", id).execute();
    await refreshStats(db);
    expect((await getStats(db)).happyRiders).toBe(0);
    const ops = riders.map((rider) => checkIn(rider.id, "2027-06-10T01:15:00+05:30"));
    await syncRideDay(db, CAPTAIN, id, ops, NOW);
    expect((await getStats(db)).happyRiders).toBe(2);
    await syncRideDay(db, CAPTAIN, id, [undoCheckIn(riders[0]!.id, "2027-06-10T02:00:00+05:30")], NOW);
    expect((await getStats(db)).happyRiders).toBe(1);
  });

  it("applies an op once when two instances sync it at the same moment", async () => {
    const db = getDb();
    const other = await secondInstance(db, engine);
    closers.push(() => other.destroy());
    const { id } = await ride(db);
    const { registration } = await book(db, id, 1);
    const rollCallId = randomUUID();
    const ops = [
      checkIn(registration.id, "2027-06-10T02:00:00Z"),
      rollCall(rollCallId, "Flag-off", "2027-06-10T02:01:00Z"),
      mark(rollCallId, registration.id, "present", "2027-06-10T02:02:00Z"),
    ];
    const answers = await Promise.all([
      syncRideDay(db, CAPTAIN, id, ops, NOW),
      syncRideDay(other, CAPTAIN, id, ops, NOW),
      syncRideDay(db, CAPTAIN, id, ops, NOW),
    ]);
    for (const answer of answers)
      expect(answer!.results.map((result) => result.outcome)).toEqual(["applied", "applied", "applied"]);
    expect(await auditSummaries(db, "Checked in booking%")).toHaveLength(1);
    expect(await auditSummaries(db, "Started the roll call%")).toHaveLength(1);
    expect(await auditSummaries(db, "Marked booking%")).toHaveLength(1);
    expect(await db.selectFrom("ride_day_ops").select("id").execute()).toHaveLength(3);
  });

  it("answers a conflict naming the rider who cancelled while the captain was offline, and checks no one in", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const { registration } = await book(db, id, 1, { name: "Asha Rao" });
    await cancelRegistration(db, registration.id, { actor: CAPTAIN, now: NOW });
    const op = checkIn(registration.id, "2027-06-10T02:00:00Z");
    const { results } = (await syncRideDay(db, CAPTAIN, id, [op], NOW))!;
    expect(results).toEqual([
      { id: op.id, outcome: "conflict", message: "Asha Rao cancelled while you were offline: not checked in" },
    ]);
    expect((await getRegistration(db, registration.id))!.checkedInAt).toBeNull();
    // Sent again: the same answer.
    expect((await syncRideDay(db, CAPTAIN, id, [op], NOW))!.results).toEqual(results);
  });

  it("answers unchanged for a rider checked in already (by another captain) and an undo of no check-in", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const { registration } = await book(db, id, 1, { name: "Asha Rao" });
    const { registration: second } = await book(db, id, 2, { name: "Bala K" });
    await setCheckedIn(db, registration.id, true, { actor: CAPTAIN, now: new Date("2027-06-10T01:00:00Z") });
    const { results } = (await syncRideDay(
      db,
      CAPTAIN,
      id,
      [checkIn(registration.id, "2027-06-10T02:00:00Z"), undoCheckIn(second.id, "2027-06-10T02:00:00Z")],
      NOW,
    ))!;
    expect(results.map(({ outcome, message }) => [outcome, message])).toEqual([
      ["unchanged", "Asha Rao was already checked in"],
      ["unchanged", "Bala K is not checked in"],
    ]);
    expect((await getRegistration(db, registration.id))!.checkedInAt).toBe("2027-06-10T01:00:00.000Z");
  });

  it("undoes a check-in", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const { registration } = await book(db, id, 1);
    await setCheckedIn(db, registration.id, true, { actor: CAPTAIN, now: NOW });
    const { results, pack } = (await syncRideDay(
      db,
      CAPTAIN,
      id,
      [undoCheckIn(registration.id, NOW.toISOString())],
      NOW,
    ))!;
    expect(results[0]!.outcome).toBe("applied");
    expect(pack.riders[0]!.checkedInAt).toBeNull();
  });

  it("refuses, changing nothing, ops about riders or roll calls that are not this ride's, and about erased riders", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const { id: otherRide } = await ride(db);
    const { registration: elsewhere } = await book(db, otherRide, 1);
    const erased = await book(db, id, 2);
    await eraseByToken(db, erased.token, NOW);
    const theirs = randomUUID();
    await syncRideDay(db, CAPTAIN, otherRide, [rollCall(theirs, "Theirs", NOW.toISOString())], NOW);
    const ours = randomUUID();
    await syncRideDay(db, CAPTAIN, id, [rollCall(ours, "Ours", NOW.toISOString())], NOW);
    const at = NOW.toISOString();
    const { results } = (await syncRideDay(
      db,
      CAPTAIN,
      id,
      [
        checkIn(elsewhere.id, at),
        checkIn("no-such-rider", at),
        checkIn(erased.registration.id, at),
        mark(ours, erased.registration.id, "present", at),
        mark(theirs, elsewhere.id, "present", at),
        mark(randomUUID(), elsewhere.id, "present", at),
        rollCall(theirs, "Taken over", at),
      ],
      NOW,
    ))!;
    expect(results.map(({ outcome, message }) => [outcome, message])).toEqual([
      ["refused", RIDE_DAY_MESSAGES.notOnRide],
      ["refused", RIDE_DAY_MESSAGES.notOnRide],
      ["refused", RIDE_DAY_MESSAGES.erased],
      ["refused", RIDE_DAY_MESSAGES.erased],
      ["refused", RIDE_DAY_MESSAGES.unknownRollCall],
      ["refused", RIDE_DAY_MESSAGES.unknownRollCall],
      ["refused", RIDE_DAY_MESSAGES.otherRideRollCall],
    ]);
    expect(await db.selectFrom("roll_call_marks").selectAll().execute()).toEqual([]);
    const labels = await db.selectFrom("roll_calls").select("label").orderBy("label").execute();
    expect(labels.map((row) => row.label)).toEqual(["Ours", "Theirs"]);
    expect((await getRegistration(db, elsewhere.id))!.checkedInAt).toBeNull();
  });

  it("keeps the latest mark by the time it was made, whatever order the phones send them in", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const { registration } = await book(db, id, 1, { name: "Asha Rao" });
    const callId = randomUUID();
    const markOf = async () =>
      (await db.selectFrom("roll_call_marks").select(["mark", "marked_at"]).executeTakeFirstOrThrow()).mark;
    const first = await syncRideDay(
      db,
      CAPTAIN,
      id,
      [
        rollCall(callId, "Day 2 · Rohtang top", "2027-06-10T02:00:00Z"),
        mark(callId, registration.id, "present", "2027-06-10T02:10:00Z"),
      ],
      NOW,
    );
    expect(first!.results.map((result) => result.outcome)).toEqual(["applied", "applied"]);
    // Another captain's phone, offline longer, marked them missing earlier.
    const older = await syncRideDay(
      db,
      CAPTAIN,
      id,
      [mark(callId, registration.id, "missing", "2027-06-10T02:05:00Z")],
      NOW,
    );
    expect(older!.results[0]).toMatchObject({
      outcome: "unchanged",
      message: "A later mark of Asha Rao is kept: present",
    });
    expect(await markOf()).toBe("present");
    const later = await syncRideDay(
      db,
      CAPTAIN,
      id,
      [mark(callId, registration.id, "missing", "2027-06-10T02:20:00Z")],
      NOW,
    );
    expect(later!.results[0]!.outcome).toBe("applied");
    expect(await markOf()).toBe("missing");
    expect(later!.pack.rollCalls[0]!.marks).toEqual({ [registration.id]: "missing" });
    const same = await syncRideDay(
      db,
      CAPTAIN,
      id,
      [mark(callId, registration.id, "missing", "2027-06-10T02:30:00Z")],
      NOW,
    );
    expect(same!.results[0]!.outcome).toBe("unchanged");
    expect(await auditSummaries(db, "%roll call%")).toEqual(
      expect.arrayContaining([
        `Started the roll call "Day 2 · Rohtang top" on "Spiti Valley Circuit"`,
        `Marked booking ${registration.reference} present in the roll call "Day 2 · Rohtang top" on "Spiti Valley Circuit"`,
        `Marked booking ${registration.reference} missing in the roll call "Day 2 · Rohtang top" on "Spiti Valley Circuit"`,
      ]),
    );
    // A roll call sent again is not started twice.
    const repeat = await syncRideDay(
      db,
      CAPTAIN,
      id,
      [rollCall(callId, "Day 2 · Rohtang top", NOW.toISOString())],
      NOW,
    );
    expect(repeat!.results[0]!.outcome).toBe("unchanged");
  });

  it("forgets a conflict's message naming a rider once the rider's data is erased; the op still applies once", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const { registration, token } = await book(db, id, 1, { name: "Asha Rao" });
    await cancelRegistration(db, registration.id, { actor: CAPTAIN, now: NOW });
    const op = checkIn(registration.id, NOW.toISOString());
    await syncRideDay(db, CAPTAIN, id, [op], NOW);
    await eraseByToken(db, token, NOW);
    expect((await syncRideDay(db, CAPTAIN, id, [op], NOW))!.results).toEqual([{ id: op.id, outcome: "conflict" }]);
    expect(JSON.stringify(await db.selectFrom("ride_day_ops").selectAll().execute())).not.toContain("Asha");
    // The same when the ride's riders are erased together (the sweep after a ride, the operator's script).
    const { registration: late } = await book(db, id, 2, { name: "Bala K" });
    await cancelRegistration(db, late.id, { actor: CAPTAIN, now: NOW });
    await syncRideDay(db, CAPTAIN, id, [checkIn(late.id, NOW.toISOString())], NOW);
    expect(JSON.stringify(await db.selectFrom("ride_day_ops").selectAll().execute())).toContain("Bala K");
    await eraseRide(db, id, { days: 0, now: true, at: NOW });
    expect(JSON.stringify(await db.selectFrom("ride_day_ops").selectAll().execute())).not.toContain("Bala K");
  });

  it("is null for a ride that does not exist", async () => {
    expect(await syncRideDay(getDb(), CAPTAIN, "no-such-ride", [], NOW)).toBeNull();
  });

  it("is open, like the Check-in page, to owners, editors and the ride's own captains only", async () => {
    const db = getDb();
    const { id } = await ride(db);
    for (const [userId, role] of [
      ["owner-1", "owner"],
      ["editor-1", "editor"],
      ["lead-1", "captain"],
      ["other-1", "captain"],
    ] as const)
      await insertUser(db, { id: userId, email: `${userId}@example.com`, role });
    await db.insertInto("ride_captains").values({ ride_id: id, user_id: "lead-1" }).execute();
    const may = (userId: string, role: string, method: string, pattern: string) =>
      mayAccess(db, { id: userId, role }, { method, pattern, rideId: id });
    for (const [method, pattern] of [
      ["GET", "admin/rides/:rideId/ride-day.json"],
      ["POST", "admin/rides/:rideId/ride-day/sync"],
      ["GET", "admin/rides/:rideId/emergency"],
    ]) {
      expect(await may("owner-1", "owner", method!, pattern!)).toBe(true);
      expect(await may("editor-1", "editor", method!, pattern!)).toBe(true);
      expect(await may("lead-1", "captain", method!, pattern!)).toBe(true);
      expect(await may("other-1", "captain", method!, pattern!)).toBe(false);
    }
  });
});
