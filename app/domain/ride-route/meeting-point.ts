import type { Position, RouteSummary } from "./types";

export type MeetingPoint = { name: string; address: string; latitude: number; longitude: number };

export const MEETING_POINT_MESSAGES = {
  latitude: "Latitude must be a number between -90 and 90.",
  longitude: "Longitude must be a number between -180 and 180.",
  name: "The place name is at most 120 characters.",
  address: "The address is at most 300 characters.",
} as const;

/** The route's start as the meeting point, until the admin names the place. */
export function meetingPointAtStart(summary: Pick<RouteSummary, "days">): MeetingPoint {
  const [longitude, latitude] = summary.days[0]!.start;
  return { name: "", address: "", latitude: latitude!, longitude: longitude! };
}

const latLon = (position: Position) => `${position[1]},${position[0]}`;

/** Google Maps at the meeting point (Maps URLs, no API key). */
export function meetingPointMapUrl(point: MeetingPoint): string {
  const query = new URLSearchParams({ api: "1", query: `${point.latitude},${point.longitude}` });
  return `https://www.google.com/maps/search/?${query}`;
}

/** Google Maps URLs take at most 9 waypoints; a longer ride keeps its first 9 overnight stops. */
export const MAX_MAP_WAYPOINTS = 9;

/**
 * Directions in Google Maps from the meeting point through each overnight stop to the finish,
 * by motorcycle where Google offers it (else by car).
 */
export function directionsUrl(point: MeetingPoint, summary: Pick<RouteSummary, "days">): string {
  const stops = summary.days.slice(0, -1).map((day) => latLon(day.end));
  const finish = summary.days[summary.days.length - 1]!.end;
  const query = new URLSearchParams({
    api: "1",
    origin: `${point.latitude},${point.longitude}`,
    destination: latLon(finish),
    travelmode: "driving",
  });
  if (stops.length > 0) query.set("waypoints", stops.slice(0, MAX_MAP_WAYPOINTS).join("|"));
  return `https://www.google.com/maps/dir/?${query}`;
}
