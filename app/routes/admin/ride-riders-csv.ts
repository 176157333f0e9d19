import { servicesContext } from "~/context";
import { adminActionContext } from "~/server/admin/respond.server";
import { ridersCsvFilename } from "~/routes/admin/ride-riders-csv.server";
import { exportRideRiders, registrationsCsv } from "~/server/registrations/csv.server";
import { getRide } from "~/server/rides/rides.server";
import type { Route } from "./+types/ride-riders-csv";

/**
 * A ride's registrations as a CSV file (decision 021), for the admin only (the admin layout's
 * middleware): personal data, so never stored by a cache, and the export is in the audit trail.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const ride = await getRide(db, params.rideId);
  if (!ride) {
    return new Response("Ride not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const registrations = await exportRideRiders(db, ride, adminActionContext(context).actor);
  const filename = ridersCsvFilename(ride);
  return new Response(registrationsCsv(registrations), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
