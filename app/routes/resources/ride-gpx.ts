import { Readable } from "node:stream";
import { servicesContext } from "~/context";
import { routeGeoJson } from "~/domain/ride-route/geojson";
import { gpxFileDay } from "~/domain/ride-route/days";
import { titleSlug } from "~/domain/slug";
import { dayGpx, getRideRoute, originalGpx } from "~/server/ride-routes/ride-routes.server";
import { getPublicRide } from "~/server/rides/public-rides.server";
import type { Route } from "./+types/ride-gpx";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** 'coorg-coffee-trail-day-2.gpx' from the title. */
function downloadName(title: string, day: number): string {
  return `${titleSlug(title)}${day > 0 ? `-day-${day}` : ""}.gpx`;
}

/**
 * /ride/{id}/gpx/route.gpx: the original file as the admin uploaded it; /ride/{id}/gpx/day-{n}.gpx:
 * day n cut from it; /ride/{id}/gpx/route.geojson: the drawn route for the interactive map.
 * Public rides only (not cancelled), like the page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage, logger } = context.get(servicesContext);
  const geoJson = params.file === "route.geojson";
  const day = geoJson ? 0 : gpxFileDay(params.file);
  if (day === null) return text("Not found", 404);
  try {
    const ride = await getPublicRide(db, params.rideId);
    const route = ride ? await getRideRoute(db, ride.id) : null;
    if (!ride || !route) return text("This ride has no route", 404);
    if (geoJson) {
      return Response.json(routeGeoJson(route.summary), {
        headers: { "Content-Type": "application/geo+json", "Cache-Control": "public, max-age=300" },
      });
    }
    const headers = {
      "Content-Type": "application/gpx+xml",
      "Content-Disposition": `attachment; filename="${downloadName(ride.title, day)}"`,
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    };
    const object = day === 0 ? await originalGpx(storage, route) : await dayGpx(storage, route, day);
    if (!object) return text(day === 0 ? "The route file is missing" : "This ride has no such day", 404);
    return new Response(Readable.toWeb(object.body) as ReadableStream, {
      headers: { ...headers, "Content-Length": String(object.size) },
    });
  } catch (error) {
    logger.error({ err: error, rideId: params.rideId }, "route download failed");
    return text("The route could not be downloaded right now. Please try again later.", 503);
  }
}
