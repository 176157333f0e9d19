import { servicesContext } from "~/context";
import { buildIcs } from "~/domain/ics";
import type { MeetingPoint } from "~/domain/ride-route/meeting-point";
import { rideHref } from "~/domain/links";
import { absoluteUrl } from "~/domain/ride-seo";
import { SITE_NAME } from "~/domain/site";
import { titleSlug } from "~/domain/slug";
import { publicOrigin } from "~/server/public-url.server";
import { getRideRoute } from "~/server/ride-routes/ride-routes.server";
import { getPublicRide } from "~/server/rides/public-rides.server";
import type { Route } from "./+types/ride-calendar";

const textResponse = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

/** A file name from the title: 'Coorg Coffee Trail!' → 'coorg-coffee-trail.ics'. */
function fileName(title: string): string {
  return `${titleSlug(title)}.ics`;
}

/** The meeting point as a calendar's LOCATION: name and address, else its coordinates. */
function meetingPlace(point: MeetingPoint) {
  const text = [point.name, point.address].filter(Boolean).join(", ") || `${point.latitude}, ${point.longitude}`;
  return { text, latitude: point.latitude, longitude: point.longitude };
}

/** /ride/{id}/calendar.ics: the ride's days as an all-day calendar event (cancelled rides are not public). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, env, logger } = context.get(servicesContext);
  let ride;
  let route;
  try {
    ride = await getPublicRide(db, params.rideId);
    route = ride ? await getRideRoute(db, ride.id) : null;
  } catch (error) {
    logger.error({ err: error, rideId: params.rideId }, "calendar: ride could not be loaded");
    return textResponse("The calendar file could not be created right now. Please try again later.", 503, {
      "Retry-After": "60",
    });
  }
  if (!ride) return textResponse("Ride not found", 404);

  const origin = publicOrigin(env, request);
  const url = absoluteUrl(origin, rideHref(ride.id));
  const facts = [ride.duration, ride.distance].filter((fact) => fact.trim()).join(", ");
  const ics = buildIcs(
    {
      uid: `ride-${ride.id}@${new URL(origin).host}`,
      startDate: ride.startDate,
      endDate: ride.endDate,
      summary: ride.title,
      description: [facts, ride.description, `Details and registration: ${url}`].filter(Boolean).join("\n\n"),
      url,
      stamp: Number.isFinite(Date.parse(ride.updatedAt)) ? new Date(ride.updatedAt) : new Date(),
      location: route ? meetingPlace(route.meetingPoint) : undefined,
    },
    `-//${SITE_NAME}//Rides//EN`,
  );
  if (!ics) return textResponse("This ride has no dates yet", 404);
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName(ride.title)}"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
