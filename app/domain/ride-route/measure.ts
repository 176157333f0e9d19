import { distance } from "@turf/distance";
import type { HighestPoint, Position, RouteLine } from "./types";

/**
 * Climb and descent count a change of elevation only once it reaches 10 m from the last
 * counted level (hysteresis), so GPS and barometer noise of a few metres on a flat road adds
 * no climb (decision 024). A ramp loses at most this much at each change of direction.
 */
export const CLIMB_THRESHOLD_M = 10;

/** All lines end to end: `gapBefore[i]` marks a point that starts a new line (no distance from the one before). */
/** WGS84 semi-major axis (m) and first eccentricity squared. */
const WGS84_A = 6378137;
const WGS84_E2 = 0.00669437999014;
const RADIANS = Math.PI / 180;

/**
 * Metres between two points on the WGS84 ellipsoid: Turf's great-circle angle times the
 * ellipsoid's radius of curvature in the step's direction at its mid-latitude (Euler). Within
 * 0.01 % of a geodesic for steps of a GPX track; plain haversine on the mean sphere is up to
 * 0.56 % off north–south near the equator (decision 024).
 */
export function metresBetween(a: Position, b: Position): number {
  const angle = distance(a, b, { units: "radians" });
  if (angle === 0) return 0;
  const latitude = ((a[1]! + b[1]!) / 2) * RADIANS;
  const sin2 = Math.sin(latitude) ** 2;
  const w = Math.sqrt(1 - WGS84_E2 * sin2);
  const meridian = (WGS84_A * (1 - WGS84_E2)) / (w * w * w);
  const normal = WGS84_A / w;
  const north = (b[1]! - a[1]!) * RADIANS * meridian;
  const east = (((b[0]! - a[0]! + 540) % 360) - 180) * RADIANS * Math.cos(latitude) * normal;
  const cos2 = north * north + east * east === 0 ? 1 : (north * north) / (north * north + east * east);
  return angle / (cos2 / meridian + (1 - cos2) / normal);
}

export type JoinedRoute = {
  points: Position[];
  /** Metres from the first point along the route, gaps not counted. */
  along: Float64Array;
  gapBefore: Uint8Array;
  lineStarts: number[];
};

export function joinLines(lines: RouteLine[]): JoinedRoute {
  const count = lines.reduce((sum, line) => sum + line.points.length, 0);
  const points: Position[] = [];
  const along = new Float64Array(count);
  const gapBefore = new Uint8Array(count);
  const lineStarts: number[] = [];
  for (const line of lines) {
    lineStarts.push(points.length);
    line.points.forEach((point, offset) => {
      const index = points.length;
      if (index > 0) {
        along[index] = along[index - 1]! + (offset === 0 ? 0 : metresBetween(points[index - 1]!, point));
      }
      if (offset === 0 && index > 0) gapBefore[index] = 1;
      points.push(point);
    });
  }
  return { points, along, gapBefore, lineStarts };
}

/** The points from..to (inclusive) as pieces, cut where the file has a gap. */
export function piecesOf(route: JoinedRoute, from: number, to: number): Position[][] {
  const pieces: Position[][] = [];
  let current: Position[] = [];
  for (let index = from; index <= to; index += 1) {
    if (route.gapBefore[index] && index > from) {
      pieces.push(current);
      current = [];
    }
    current.push(route.points[index]!);
  }
  pieces.push(current);
  return pieces.filter((piece) => piece.length >= 2);
}

/** Length in metres of the points from..to, gaps in the file not counted. */
export function lengthOf(route: JoinedRoute, from: number, to: number): number {
  return route.along[to]! - route.along[from]!;
}

/** Climb and descent in metres of the points from..to, or null when none has an elevation. */
export function climbOf(route: JoinedRoute, from: number, to: number): { climb: number; descent: number } | null {
  let level: number | undefined;
  let climb = 0;
  let descent = 0;
  for (let index = from; index <= to; index += 1) {
    const elevation = route.points[index]![2];
    if (elevation === undefined) continue;
    if (level === undefined) level = elevation;
    else if (elevation - level >= CLIMB_THRESHOLD_M) {
      climb += elevation - level;
      level = elevation;
    } else if (level - elevation >= CLIMB_THRESHOLD_M) {
      descent += level - elevation;
      level = elevation;
    }
  }
  return level === undefined ? null : { climb, descent };
}

/** The highest point of from..to (the first of equals), unnamed; null without elevations. */
export function highestOf(route: JoinedRoute, from: number, to: number): HighestPoint | null {
  let best = -1;
  for (let index = from; index <= to; index += 1) {
    const elevation = route.points[index]![2];
    if (elevation !== undefined && (best < 0 || elevation > route.points[best]![2]!)) best = index;
  }
  if (best < 0) return null;
  const point = route.points[best]!;
  return { elevation: point[2]!, distance: route.along[best]!, position: point.slice(0, 2), name: "" };
}

/** Squared distance on a local flat map: enough to rank nearby points. */
function flatDistance2(a: Position, b: Position): number {
  const dx = (a[0]! - b[0]!) * Math.cos((((a[1]! + b[1]!) / 2) * Math.PI) / 180);
  const dy = a[1]! - b[1]!;
  return dx * dx + dy * dy;
}

/** The index of the route point nearest to a position. */
export function nearestIndex(route: JoinedRoute, position: Position): number {
  let best = 0;
  let bestDistance = Infinity;
  route.points.forEach((point, index) => {
    const d = flatDistance2(point, position);
    if (d < bestDistance) {
      bestDistance = d;
      best = index;
    }
  });
  return best;
}

/** The index of the first point at least `metres` along the route (the last point past its end). */
export function indexAtDistance(route: JoinedRoute, metres: number): number {
  let low = 0;
  let high = route.points.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (route.along[middle]! < metres) low = middle + 1;
    else high = middle;
  }
  return low;
}
