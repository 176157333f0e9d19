import { rideHref } from "../featured-link";

/** The whole ride's GPX as uploaded. */
export const routeGpxHref = (rideId: string) => `${rideHref(rideId)}/gpx/route.gpx`;

/** One day's GPX, cut from the original. */
export const dayGpxHref = (rideId: string, day: number) => `${rideHref(rideId)}/gpx/day-${day}.gpx`;

/** The day a download name asks for ('day-2.gpx' → 2), 0 for the whole route, null for anything else. */
export function gpxFileDay(file: string): number | null {
  if (file === "route.gpx") return 0;
  const match = /^day-([1-9]\d{0,1})\.gpx$/.exec(file);
  return match ? Number(match[1]) : null;
}

/** The drawn route as GeoJSON, fetched by the interactive map when a visitor opens it. */
export const routeGeoJsonHref = (rideId: string) => `${rideHref(rideId)}/gpx/route.geojson`;
