import type { StopPick } from "~/domain/ride-route/days";
import { MAX_GPX_BYTES, GPX_MESSAGES, megabytes } from "~/domain/ride-route/gpx-guard";
import { BodyTooLargeError, readBody } from "~/server/http/read-body.server";
import { UPLOAD_REJECTIONS } from "~/server/images/upload-errors.server";
import {
  assignRouteDays,
  removeRideRoute,
  saveRideRoute,
  setMeetingPoint,
  type DayAssignment,
} from "~/server/ride-routes/ride-routes.server";
import { dispatchIntent } from "~/server/admin/intent-dispatch.server";
import { type AdminActionContext, failed, failedWrite, succeeded } from "~/server/admin/respond.server";

export const ROUTE_ACTION_MESSAGES = {
  uploaded: "Route saved",
  uploadFailed: "The route could not be saved",
  daysSaved: "Days saved",
  daysFailed: "The days could not be saved",
  meetingSaved: "Meeting point saved",
  meetingFailed: "The meeting point could not be saved",
  removed: "Route removed",
  removeFailed: "The route could not be removed",
  unknownIntent: "Unknown route action",
  badStops: "Overnight stops must be a list of waypoints or distances in km.",
} as const;

/**
 * POST /admin/rides/{id}/route/gpx with the GPX as the raw body (as images are sent): at most
 * 10 MB is read; the service checks and measures the file before storing anything.
 */
export async function uploadRouteAction(request: Request, rideId: string, context: AdminActionContext) {
  const { services, actor } = context;
  const fileName = new URL(request.url).searchParams.get("name") ?? "route.gpx";
  let data: Uint8Array;
  try {
    data = await readBody(request, { limit: MAX_GPX_BYTES });
  } catch (error) {
    if (!(error instanceof BodyTooLargeError))
      return failed(400, UPLOAD_REJECTIONS.incomplete, { file: UPLOAD_REJECTIONS.incomplete });
    // A body read past the limit is given as just over it: how far it was read is not its size.
    const message = GPX_MESSAGES.tooLarge(megabytes(error.declared ? error.size : MAX_GPX_BYTES + 1));
    return failed(413, message, { file: message });
  }
  if (data.byteLength === 0) return failed(400, GPX_MESSAGES.empty, { file: GPX_MESSAGES.empty });
  try {
    await saveRideRoute(services, rideId, { data, fileName }, { actor });
    return succeeded(ROUTE_ACTION_MESSAGES.uploaded);
  } catch (error) {
    return failedWrite(services, error, ROUTE_ACTION_MESSAGES.uploadFailed, "route upload failed", {
      rideId,
      fileName,
    });
  }
}

/** Stops as the days form sends them: [{ waypoint: 0 }, { km: 182.5 }]. */
function stopPicks(value: unknown): StopPick[] | null {
  if (!Array.isArray(value)) return null;
  const picks: StopPick[] = [];
  for (const entry of value) {
    if (typeof entry !== "object" || entry === null) return null;
    if ("waypoint" in entry && Number.isInteger(entry.waypoint)) picks.push({ waypoint: entry.waypoint as number });
    else if ("km" in entry && typeof entry.km === "number") picks.push({ km: entry.km });
    else return null;
  }
  return picks;
}

/** The route page's JSON intents: days, meeting point, remove (the service audits each). */
export function rideRouteAction(request: Request, rideId: string, context: AdminActionContext) {
  const { services, actor } = context;
  return dispatchIntent(
    request,
    context,
    {
      days: async (body) => {
        let assignment: DayAssignment;
        if (body.by === "lines") assignment = { by: "lines" };
        else {
          const stops = stopPicks(body.stops);
          if (body.by !== "stops" || !stops)
            return failed(400, ROUTE_ACTION_MESSAGES.daysFailed, { days: ROUTE_ACTION_MESSAGES.badStops });
          assignment = { by: "stops", stops };
        }
        try {
          await assignRouteDays(services, rideId, assignment, { actor });
          return succeeded(ROUTE_ACTION_MESSAGES.daysSaved);
        } catch (error) {
          return failedWrite(services, error, ROUTE_ACTION_MESSAGES.daysFailed, "route days failed", { rideId });
        }
      },
      meeting: async (body) => {
        try {
          await setMeetingPoint(services.db, rideId, body, { actor });
          return succeeded(ROUTE_ACTION_MESSAGES.meetingSaved);
        } catch (error) {
          return failedWrite(services, error, ROUTE_ACTION_MESSAGES.meetingFailed, "meeting point failed", { rideId });
        }
      },
      remove: async () => {
        try {
          await removeRideRoute(services, rideId, { actor });
          return succeeded(ROUTE_ACTION_MESSAGES.removed);
        } catch (error) {
          return failedWrite(services, error, ROUTE_ACTION_MESSAGES.removeFailed, "route removal failed", { rideId });
        }
      },
    },
    ROUTE_ACTION_MESSAGES.unknownIntent,
  );
}
