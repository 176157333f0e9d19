import type { AuditActor } from "~/domain/audit";
import { RIDE_DAY_SYNC_MAX_OPS, rideDaySyncSchema } from "~/features/ride-day/domain/pack";
import type { Database } from "~/server/db/schema.server";
import { BodyTooLargeError, readBody } from "~/server/http/read-body.server";
import { loadRideDayPack } from "./pack.server";
import { syncRideDay } from "./sync.server";

// The ride-day endpoints' answers (docs/features/ride-day.md#the-endpoints): JSON both ways, an
// error as `{ error }`, and nothing a cache may keep: each answer is a rider list.

/** Room for RIDE_DAY_SYNC_MAX_OPS changes of some 250 bytes each, and no more. */
export const RIDE_DAY_SYNC_MAX_BYTES = 256 * 1024;

export const RIDE_DAY_ERRORS = {
  rideNotFound: "Ride not found",
  notJson: 'Send the changes as JSON (Content-Type: application/json): {"ops": [...]}',
  brokenJson: "The changes could not be read: the body is not valid JSON",
  noOps: 'The changes could not be read: send them as {"ops": [...]}',
  unknownKind: "not a kind of change this site knows (check-in, undo-check-in, roll-call, mark)",
  tooMany: `Too many changes at once: send at most ${RIDE_DAY_SYNC_MAX_OPS}`,
  tooLarge: `The changes are too large: send at most ${RIDE_DAY_SYNC_MAX_OPS} at once`,
} as const;

const NO_STORE = { "Cache-Control": "no-store" };

export function rideDayJson(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

export function rideDayError(status: number, error: string): Response {
  return rideDayJson({ error }, status);
}

/** GET ride-day.json: the pack, or a 404 (the phone then deletes its copy). */
export async function rideDayPackResponse(db: Database, rideId: string, now: Date): Promise<Response> {
  const pack = await loadRideDayPack(db, rideId, now);
  return pack ? rideDayJson(pack) : rideDayError(404, RIDE_DAY_ERRORS.rideNotFound);
}

/** The first thing wrong with the ops, for the captain: 'Change 3: Each change needs its own id'. */
function opsError(body: unknown): string | null {
  const parsed = rideDaySyncSchema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const [field, index] = issue.path;
  if (field === "ops" && typeof index === "number")
    return `Change ${index + 1}: ${issue.code === "invalid_union" ? RIDE_DAY_ERRORS.unknownKind : issue.message}`;
  if (field === "ops" && issue.code === "too_big") return RIDE_DAY_ERRORS.tooMany;
  return RIDE_DAY_ERRORS.noOps;
}

/**
 * POST ride-day/sync: the phone's queued changes, read whole before any is applied (a body too
 * large, not JSON or with one invalid change applies none), then the outcomes and the fresh pack.
 */
export async function rideDaySyncResponse(
  db: Database,
  actor: AuditActor,
  rideId: string,
  request: Request,
  now: Date,
): Promise<Response> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json"))
    return rideDayError(415, RIDE_DAY_ERRORS.notJson);
  let text: string;
  try {
    text = new TextDecoder().decode(await readBody(request, { limit: RIDE_DAY_SYNC_MAX_BYTES }));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return rideDayError(413, RIDE_DAY_ERRORS.tooLarge);
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return rideDayError(400, RIDE_DAY_ERRORS.brokenJson);
  }
  const invalid = opsError(body);
  if (invalid) return rideDayError(400, invalid);
  const synced = await syncRideDay(db, actor, rideId, rideDaySyncSchema.parse(body).ops, now);
  return synced ? rideDayJson(synced) : rideDayError(404, RIDE_DAY_ERRORS.rideNotFound);
}
