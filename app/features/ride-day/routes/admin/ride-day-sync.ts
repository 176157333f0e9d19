import { adminActionContext } from "~/server/admin/respond.server";
import { serverClock } from "~/server/clock.server";
import { rideDaySyncResponse } from "~/features/ride-day/server/respond.server";
import type { Route } from "./+types/ride-day-sync";

export function loader() {
  return Response.json(
    { error: "Method not allowed: POST the changes" },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}

/** The changes a captain's phone made offline, each applied once (docs/features/ride-day.md#the-sync). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { services, actor } = adminActionContext(context);
  return rideDaySyncResponse(services.db, actor, params.rideId, request, serverClock());
}
