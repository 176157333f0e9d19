import type { RideDayOp, RideDayPack, RideDayRider, RideDaySyncResponse, RollCall } from "./pack";

// The phone's side of ride day (docs/features/ride-day.md#on-the-phone): what the captain sees
// is the stored pack with the changes still waiting to sync applied on top, and a sync's answer
// decides which changes leave the queue and which become conflicts the captain must read.

/** A change's own fields, without the id and time the phone gives it when made. */
export type RideDayOpFields = RideDayOp extends infer Op
  ? Op extends RideDayOp
    ? Omit<Op, "id" | "at">
    : never
  : never;

/** A change the server would not apply, kept until the captain dismisses it. */
export type RideDayConflict = { id: string; what: string; message: string };

/** The stored pack with the queued changes applied, in the order they were made. */
export function withPendingOps(pack: RideDayPack, ops: readonly RideDayOp[]): RideDayPack {
  let riders = pack.riders;
  let rollCalls = [...pack.rollCalls];
  for (const op of ops) {
    switch (op.kind) {
      case "check-in":
      case "undo-check-in": {
        const checkedInAt = op.kind === "check-in" ? op.at : null;
        riders = riders.map((rider) => (rider.id === op.registrationId ? { ...rider, checkedInAt } : rider));
        break;
      }
      case "roll-call":
        if (!rollCalls.some((call) => call.id === op.rollCallId)) {
          rollCalls.push({ id: op.rollCallId, label: op.label, createdAt: op.at, marks: {} });
        }
        break;
      case "mark":
        rollCalls = rollCalls.map((call) =>
          call.id === op.rollCallId ? { ...call, marks: { ...call.marks, [op.registrationId]: op.mark } } : call,
        );
        break;
    }
  }
  return { ...pack, riders, rollCalls };
}

/** What the captain sees in the list of conflicts: the change, in words. */
export function describeOp(op: RideDayOp, pack: RideDayPack): string {
  const riderName = (id: string) => pack.riders.find((rider) => rider.id === id)?.name ?? "an unknown rider";
  const callLabel = (id: string) => pack.rollCalls.find((call) => call.id === id)?.label ?? "a roll call";
  switch (op.kind) {
    case "check-in":
      return `Check in ${riderName(op.registrationId)}`;
    case "undo-check-in":
      return `Undo the check-in of ${riderName(op.registrationId)}`;
    case "roll-call":
      return `Start the roll call "${op.label}"`;
    case "mark":
      return `Mark ${riderName(op.registrationId)} ${op.mark} at "${callLabel(op.rollCallId)}"`;
  }
}

export type SyncMerge = { pack: RideDayPack; queue: RideDayOp[]; conflicts: RideDayConflict[] };

/**
 * Merges a sync's answer into what the phone holds. Applied and unchanged changes leave the
 * queue; a conflict or a refusal leaves it too (sending it again would get the same answer) and
 * joins the conflicts, described against the pack the captain saw when making it. A change
 * queued while the sync was under way has no result yet and stays queued.
 */
export function mergeSync(
  held: { pack: RideDayPack; queue: readonly RideDayOp[]; conflicts: readonly RideDayConflict[] },
  response: RideDaySyncResponse,
): SyncMerge {
  const results = new Map(response.results.map((result) => [result.id, result]));
  const seen = withPendingOps(held.pack, held.queue);
  const conflicts = [...held.conflicts];
  const queue: RideDayOp[] = [];
  for (const op of held.queue) {
    const result = results.get(op.id);
    if (!result) queue.push(op);
    else if (result.outcome === "conflict" || result.outcome === "refused") {
      const message =
        result.message ??
        (result.outcome === "conflict" ? "The server's record changed meanwhile." : "The server refused this change.");
      conflicts.push({ id: op.id, what: describeOp(op, seen), message });
    }
  }
  return { pack: response.pack, queue, conflicts };
}

/** The riders a roll call counts: the confirmed ones (a cancelled rider is not expected). */
export function ridersToCount(pack: RideDayPack): RideDayRider[] {
  return pack.riders.filter((rider) => rider.status === "confirmed");
}

export type RollCallCount = { present: number; missing: number; notMarked: number; missingRiders: RideDayRider[] };

export function countRollCall(pack: RideDayPack, rollCall: RollCall): RollCallCount {
  const riders = ridersToCount(pack);
  const missingRiders = riders.filter((rider) => rollCall.marks[rider.id] === "missing");
  const present = riders.filter((rider) => rollCall.marks[rider.id] === "present").length;
  return {
    present,
    missing: missingRiders.length,
    notMarked: riders.length - present - missingRiders.length,
    missingRiders,
  };
}

/**
 * A pack past its expiry (a few days after the ride ends) is deleted from the phone when opened,
 * once nothingWaiting: changes never sent outlive it until sent or discarded.
 */
export function isExpired(pack: RideDayPack, now: Date): boolean {
  return Date.parse(pack.expiresAt) <= now.getTime();
}

/** No change waiting to be sent and no conflict left to read. */
export function nothingWaiting(held: { queue: readonly unknown[]; conflicts: readonly unknown[] }): boolean {
  return held.queue.length === 0 && held.conflicts.length === 0;
}
