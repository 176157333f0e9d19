import type { JoinedRoute } from "./measure";
import type { DaySplit } from "./types";

export const SPLIT_MESSAGES = {
  notEnoughLines: "This route has a single track; choose overnight stops to split it into days.",
  stopOutside: "An overnight stop must lie inside the route, after its start and before its finish.",
  stopOrder: "Overnight stops must follow the route in order, each after the one before.",
  tooManyDays: (days: number) => `That makes ${days} days; a ride's route has at most 60.`,
} as const;

export const MAX_ROUTE_DAYS = 60;

export class DaySplitError extends Error {}

/** A file with several tracks (or segments) has one per day; a single track starts as one day. */
export function defaultSplit(lineCount: number): DaySplit {
  return lineCount > 1 ? { by: "lines" } : { by: "stops", stops: [] };
}

/**
 * The days as inclusive index ranges of the joined points. By lines: each line is a day. By
 * stops: the stop ends one day and starts the next, so consecutive days share that point.
 */
export function dayRanges(route: JoinedRoute, split: DaySplit): [number, number][] {
  const last = route.points.length - 1;
  if (split.by === "lines") {
    if (route.lineStarts.length < 2) throw new DaySplitError(SPLIT_MESSAGES.notEnoughLines);
    if (route.lineStarts.length > MAX_ROUTE_DAYS)
      throw new DaySplitError(SPLIT_MESSAGES.tooManyDays(route.lineStarts.length));
    return route.lineStarts.map((start, index) => [start, (route.lineStarts[index + 1] ?? last + 1) - 1]);
  }
  const { stops } = split;
  if (stops.length + 1 > MAX_ROUTE_DAYS) throw new DaySplitError(SPLIT_MESSAGES.tooManyDays(stops.length + 1));
  if (!stops.every((stop) => Number.isInteger(stop) && stop > 0 && stop < last))
    throw new DaySplitError(SPLIT_MESSAGES.stopOutside);
  if (!stops.every((stop, index) => index === 0 || stop > stops[index - 1]!))
    throw new DaySplitError(SPLIT_MESSAGES.stopOrder);
  const bounds = [0, ...stops, last];
  return bounds.slice(1).map((end, index) => [bounds[index]!, end]);
}

/** An overnight stop as the admin picks it: a waypoint of the file, or a distance along the route in km. */
export type StopPick = { waypoint: number } | { km: number };

export const STOP_MESSAGES = {
  unknownWaypoint: "That waypoint is not in this route's file.",
  badKm: "An overnight stop's distance must be a number of km inside the route.",
} as const;

/**
 * Point indexes for picked stops, in route order: a waypoint's nearest point, or the first
 * point at that distance. The order the admin picked them in does not matter; dayRanges checks the rest.
 */
export function stopsFromPicks(
  picks: StopPick[],
  waypointIndexes: number[],
  indexAtKm: (km: number) => number,
): number[] {
  const stops = picks.map((pick) => {
    if ("waypoint" in pick) {
      const index = waypointIndexes[pick.waypoint];
      if (index === undefined) throw new DaySplitError(STOP_MESSAGES.unknownWaypoint);
      return index;
    }
    if (!Number.isFinite(pick.km) || pick.km <= 0) throw new DaySplitError(STOP_MESSAGES.badKm);
    return indexAtKm(pick.km);
  });
  return [...stops].sort((a, b) => a - b);
}

/** The day a download name asks for ('day-2.gpx' → 2), 0 for the whole route, null for anything else. */
export function gpxFileDay(file: string): number | null {
  if (file === "route.gpx") return 0;
  const match = /^day-([1-9]\d{0,1})\.gpx$/.exec(file);
  return match ? Number(match[1]) : null;
}
