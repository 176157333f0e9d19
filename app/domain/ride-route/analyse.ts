import { type StopPick, dayRanges, stopsFromPicks } from "./days";
import {
  type JoinedRoute,
  climbOf,
  highestOf,
  indexAtDistance,
  joinLines,
  lengthOf,
  metresBetween,
  nearestIndex,
  piecesOf,
} from "./measure";
import { simplifyForDrawing } from "./simplify-line";
import type { DaySplit, HighestPoint, ParsedGpx, Position, RouteDay, RouteSummary } from "./types";

/** Elevation samples of the profile: the highest in each of this many equal stretches. */
const PROFILE_SAMPLES = 240;
/** A waypoint this close names the place (an overnight stop, the highest point). */
const NAMING_RADIUS_M = 2000;

type Named = { name: string; position: Position };

function nameNear(waypoints: Named[], position: Position): string {
  let best = "";
  let bestDistance = NAMING_RADIUS_M;
  for (const waypoint of waypoints) {
    if (!waypoint.name) continue;
    const metres = metresBetween(waypoint.position, position);
    if (metres <= bestDistance) {
      bestDistance = metres;
      best = waypoint.name;
    }
  }
  return best;
}

function named(highest: HighestPoint | null, waypoints: Named[]): HighestPoint | null {
  return highest && { ...highest, name: nameNear(waypoints, highest.position) };
}

/** The highest elevation in each of PROFILE_SAMPLES equal stretches, so no summit is lost. */
function profileOf(route: JoinedRoute): number[][] {
  const total = route.along[route.along.length - 1]!;
  if (total <= 0) return [];
  const buckets: (number | undefined)[] = Array.from({ length: PROFILE_SAMPLES });
  route.points.forEach((point, index) => {
    const elevation = point[2];
    if (elevation === undefined) return;
    const bucket = Math.min(PROFILE_SAMPLES - 1, Math.floor((route.along[index]! / total) * PROFILE_SAMPLES));
    if (buckets[bucket] === undefined || elevation > buckets[bucket]!) buckets[bucket] = elevation;
  });
  return buckets.flatMap((elevation, bucket) =>
    elevation === undefined ? [] : [[Math.round(((bucket + 0.5) / PROFILE_SAMPLES) * total), Math.round(elevation)]],
  );
}

const whole = (value: number) => Math.round(value);

/** The figures, drawing and profile of a parsed GPX cut into days as `split` says. */
export function analyseRoute(parsed: ParsedGpx, split: DaySplit): RouteSummary {
  const route = joinLines(parsed.lines);
  const ranges = dayRanges(route, split);
  const days: RouteDay[] = ranges.map(([from, to], index) => {
    const updown = climbOf(route, from, to);
    const end = route.points[to]!.slice(0, 2);
    return {
      day: index + 1,
      distance: whole(lengthOf(route, from, to)),
      climb: updown && whole(updown.climb),
      descent: updown && whole(updown.descent),
      highest: named(highestOf(route, from, to), parsed.waypoints),
      start: route.points[from]!.slice(0, 2),
      end,
      endName: nameNear(parsed.waypoints, end),
    };
  });
  const hasElevation = days.some((day) => day.climb !== null);
  const sum = (pick: (day: RouteDay) => number | null) => days.reduce((total, day) => total + (pick(day) ?? 0), 0);
  const last = route.points.length - 1;
  return {
    points: route.points.length,
    distance: sum((day) => day.distance),
    climb: hasElevation ? sum((day) => day.climb) : null,
    descent: hasElevation ? sum((day) => day.descent) : null,
    highest: named(highestOf(route, 0, last), parsed.waypoints),
    days,
    drawing: simplifyForDrawing(ranges.map(([from, to]) => piecesOf(route, from, to))),
    profile: profileOf(route),
    waypoints: parsed.waypoints.map((waypoint) => {
      const index = nearestIndex(route, waypoint.position);
      return { name: waypoint.name, position: waypoint.position, index, distance: whole(route.along[index]!) };
    }),
    lineCount: parsed.lines.length,
    split,
  };
}

/** The day ranges of a summary's split applied to a freshly parsed file (for per-day downloads). */
export function dayPoints(parsed: ParsedGpx, split: DaySplit): Position[][][] {
  const route = joinLines(parsed.lines);
  return dayRanges(route, split).map(([from, to]) => piecesOf(route, from, to));
}

/** The split for overnight stops the admin picked (waypoints of the file or km along the route). */
export function splitAtPicks(parsed: ParsedGpx, picks: StopPick[]): DaySplit {
  const route = joinLines(parsed.lines);
  const waypointIndexes = parsed.waypoints.map((waypoint) => nearestIndex(route, waypoint.position));
  return { by: "stops", stops: stopsFromPicks(picks, waypointIndexes, (km) => indexAtDistance(route, km * 1000)) };
}
