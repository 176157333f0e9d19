import { z } from "zod";
import { line } from "~/domain/fields";
import type { RiderWaiver } from "~/features/waivers/domain/waiver";
import type { PaymentState, RegistrationOption, RegistrationStatus } from "~/domain/registration/settings";

// Ride day (docs/features/ride-day.md): what a captain's phone holds to run a ride without
// signal, and the changes it queues while offline. Shared by the server, which builds the pack
// and applies the changes, and the phone, which stores both.

/**
 * accepted: the ride's current waiver; outdated: an earlier version only; missing: none yet;
 * not-required: the ride has no waiver.
 */
export const WAIVER_STATES = ["accepted", "outdated", "missing", "not-required"] as const;
export type WaiverState = (typeof WAIVER_STATES)[number];

/** One rider as the captain needs them on the road: who, how to reach them, and who to call. */
export type RideDayRider = {
  id: string;
  reference: string;
  name: string;
  /** E.164. */
  phone: string;
  option: RegistrationOption;
  pillionName: string;
  status: RegistrationStatus;
  payment: PaymentState;
  /** null when the ride has no balance for the rider's option. */
  balancePaid: boolean | null;
  checkedInAt: string | null;
  emergencyName: string;
  /** E.164. */
  emergencyPhone: string;
  bloodGroup: string;
  licence: string;
  bike: string;
  /** The state, and the version accepted, the name typed and when (the name is '' once erased). */
  waiver: RiderWaiver;
};

export const ROLL_CALL_MARKS = ["present", "missing"] as const;
export type RollCallMark = (typeof ROLL_CALL_MARKS)[number];

/** A count of who is here, at flag-off, at a regroup point or at the day's end. */
export type RollCall = {
  /** Made by the phone (a UUID), so a roll call can start offline. */
  id: string;
  /** 'Day 2 · Rohtang top'. */
  label: string;
  createdAt: string;
  /** By rider id; a rider not yet marked is absent from the record. */
  marks: Record<string, RollCallMark>;
};

export type RideDayDay = { day: number; title: string; summary: string; distanceKm: number | null };

export type RideDayPack = {
  rideId: string;
  title: string;
  startDate: string;
  endDate: string;
  meetingPoint: string;
  days: RideDayDay[];
  /** Confirmed riders, and those cancelled since they were confirmed (shown as cancelled). */
  riders: RideDayRider[];
  rollCalls: RollCall[];
  /** When the server built this pack (ISO). */
  takenAt: string;
  /** After this the phone deletes the pack (a few days after the ride ends; ISO). */
  expiresAt: string;
};

export const ROLL_CALL_LABEL_MAX = 80;

const opId = z.uuid("Each change needs its own id");
const registrationId = z.string().min(1).max(64);
const at = z.iso.datetime({ offset: true, error: "Each change needs the time it was made" });

/**
 * A change made on the phone, queued while offline and sent when the network returns. Its id
 * makes it apply once however often it is sent.
 */
export const rideDayOpSchema = z.discriminatedUnion("kind", [
  z.object({ id: opId, kind: z.literal("check-in"), registrationId, at }),
  z.object({ id: opId, kind: z.literal("undo-check-in"), registrationId, at }),
  z.object({
    id: opId,
    kind: z.literal("roll-call"),
    rollCallId: z.uuid(),
    label: line().min(1, "Name the roll call").max(ROLL_CALL_LABEL_MAX),
    at,
  }),
  z.object({
    id: opId,
    kind: z.literal("mark"),
    rollCallId: z.uuid(),
    registrationId,
    mark: z.enum(ROLL_CALL_MARKS),
    at,
  }),
]);
export type RideDayOp = z.infer<typeof rideDayOpSchema>;

export const RIDE_DAY_SYNC_MAX_OPS = 500;
export const rideDaySyncSchema = z.object({ ops: z.array(rideDayOpSchema).max(RIDE_DAY_SYNC_MAX_OPS) });

/**
 * applied: done now; unchanged: already so (checked in by another captain); conflict: the
 * server's state forbids it (the rider cancelled meanwhile), with a message for the captain;
 * refused: invalid for this ride (an unknown rider or roll call).
 */
export const OP_OUTCOMES = ["applied", "unchanged", "conflict", "refused"] as const;
export type OpOutcome = (typeof OP_OUTCOMES)[number];
export type RideDayOpResult = { id: string; outcome: OpOutcome; message?: string };

/** The sync's answer: each change's outcome (a change sent again gets its first outcome) and the fresh pack. */
export type RideDaySyncResponse = { results: RideDayOpResult[]; pack: RideDayPack };
