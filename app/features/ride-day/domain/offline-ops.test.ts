import { describe, expect, it } from "vitest";
import { type RideDayOpFields, countRollCall, isExpired, mergeSync, withPendingOps } from "./offline-ops";
import type { RideDayOp, RideDayPack, RideDayRider } from "./pack";

const AT = "2026-12-01T05:00:00.000Z";
const CALL = "5b0f7a52-3a5e-4a55-9c39-9a8b64f1c001";

function rider(id: string, name: string, status: RideDayRider["status"] = "confirmed"): RideDayRider {
  return {
    id,
    reference: id.toUpperCase(),
    name,
    phone: "+919800000001",
    option: "solo",
    pillionName: "",
    status,
    payment: "paid",
    balancePaid: null,
    checkedInAt: null,
    emergencyName: "Kin",
    emergencyPhone: "+919800000002",
    bloodGroup: "O+",
    licence: "DL-1",
    bike: "Himalayan",
    waiver: { state: "not-required", version: null, name: "", acceptedAt: null },
  };
}

const pack: RideDayPack = {
  rideId: "spiti",
  title: "Spiti",
  startDate: "2026-12-01",
  endDate: "2026-12-05",
  meetingPoint: "Manali bus stand",
  days: [],
  riders: [rider("a", "Asha"), rider("b", "Bilal"), rider("c", "Chitra"), rider("d", "Dev", "cancelled")],
  rollCalls: [],
  takenAt: AT,
  expiresAt: "2026-12-08T00:00:00.000Z",
};

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const op = (n: number, fields: RideDayOpFields): RideDayOp => ({ id: id(n), at: AT, ...fields }) as RideDayOp;

describe("the pack with the changes waiting to sync", () => {
  it("shows check-ins, their undo, a new roll call and its marks", () => {
    const shown = withPendingOps(pack, [
      op(1, { kind: "check-in", registrationId: "a" }),
      op(2, { kind: "check-in", registrationId: "b" }),
      op(3, { kind: "undo-check-in", registrationId: "b" }),
      op(4, { kind: "roll-call", rollCallId: CALL, label: "Day 1 · Rohtang top" }),
      op(5, { kind: "mark", rollCallId: CALL, registrationId: "a", mark: "present" }),
      op(6, { kind: "mark", rollCallId: CALL, registrationId: "b", mark: "missing" }),
    ]);
    expect(shown.riders.map((r) => r.checkedInAt)).toEqual([AT, null, null, null]);
    expect(shown.rollCalls).toEqual([
      { id: CALL, label: "Day 1 · Rohtang top", createdAt: AT, marks: { a: "present", b: "missing" } },
    ]);
    expect(pack.riders.every((r) => r.checkedInAt === null)).toBe(true);
  });

  it("counts a roll call among the confirmed riders and lists the missing ones", () => {
    const shown = withPendingOps(pack, [
      op(1, { kind: "roll-call", rollCallId: CALL, label: "Flag-off" }),
      op(2, { kind: "mark", rollCallId: CALL, registrationId: "a", mark: "present" }),
      op(3, { kind: "mark", rollCallId: CALL, registrationId: "b", mark: "missing" }),
      op(4, { kind: "mark", rollCallId: CALL, registrationId: "d", mark: "missing" }),
    ]);
    const count = countRollCall(shown, shown.rollCalls[0]!);
    expect({ ...count, missingRiders: count.missingRiders.map((r) => r.name) }).toEqual({
      present: 1,
      missing: 1,
      notMarked: 1,
      missingRiders: ["Bilal"],
    });
  });
});

describe("merging a sync's answer", () => {
  it("drops applied and unchanged changes, keeps unanswered ones queued and conflicts for the captain", () => {
    const queue = [
      op(1, { kind: "check-in", registrationId: "a" }),
      op(2, { kind: "check-in", registrationId: "b" }),
      op(3, { kind: "check-in", registrationId: "d" }),
      op(4, { kind: "mark", rollCallId: CALL, registrationId: "zz", mark: "present" }),
      op(5, { kind: "check-in", registrationId: "c" }),
    ];
    const fresh = { ...pack, takenAt: "2026-12-01T06:00:00.000Z" };
    const merged = mergeSync(
      { pack, queue, conflicts: [{ id: "old", what: "Earlier", message: "Kept" }] },
      {
        results: [
          { id: id(1), outcome: "applied" },
          { id: id(2), outcome: "unchanged" },
          { id: id(3), outcome: "conflict", message: "Dev cancelled the registration." },
          { id: id(4), outcome: "refused" },
        ],
        pack: fresh,
      },
    );
    expect(merged.pack).toBe(fresh);
    expect(merged.queue.map((queued) => queued.id)).toEqual([id(5)]);
    expect(merged.conflicts).toEqual([
      { id: "old", what: "Earlier", message: "Kept" },
      { id: id(3), what: "Check in Dev", message: "Dev cancelled the registration." },
      {
        id: id(4),
        what: 'Mark an unknown rider present at "a roll call"',
        message: "The server refused this change.",
      },
    ]);
  });
});

it("expires the pack at its expiry", () => {
  expect(isExpired(pack, new Date("2026-12-07T23:59:59Z"))).toBe(false);
  expect(isExpired(pack, new Date("2026-12-08T00:00:00Z"))).toBe(true);
});
