import { lineString } from "@turf/helpers";
import { simplify } from "@turf/simplify";
import type { Position } from "./types";

/** The sketch is drawn about 640 units wide: a tolerance of 0.6 of a unit is below what the eye sees. */
const SKETCH_WIDTH = 640;
const TOLERANCE_UNITS = 0.6;
/** Points the whole drawing may keep: what keeps sketch and profile of a 10-day ride under 15 KB compressed. */
export const MAX_DRAWING_POINTS = 1600;

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * Simplifies pieces of a route for drawing with Turf (Douglas–Peucker) on a flat map scaled by
 * the cosine of the route's latitude, so the tolerance means the same east–west and
 * north–south. The tolerance starts under a sketch unit and doubles until the whole drawing
 * keeps at most MAX_DRAWING_POINTS points. Returns [lon, lat] rounded to 5 decimals (about 1 m).
 */
export function simplifyForDrawing(days: Position[][][]): Position[][][] {
  let [minLon, maxLon, minLat, maxLat] = [Infinity, -Infinity, Infinity, -Infinity];
  // A loop, not Math.min(...points): a spread of 200,000 arguments overflows the stack.
  for (const pieces of days)
    for (const piece of pieces)
      for (const [lon, lat] of piece) {
        minLon = Math.min(minLon, lon!);
        maxLon = Math.max(maxLon, lon!);
        minLat = Math.min(minLat, lat!);
        maxLat = Math.max(maxLat, lat!);
      }
  if (minLon === Infinity) return days;
  const scale = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const extent = Math.max((maxLon - minLon) * scale, maxLat - minLat, 1e-6);
  // The original longitude rides along as a third value, so kept points are returned exactly.
  const flat = days.map((pieces) =>
    pieces.map((piece) => piece.map((point) => [point[0]! * scale, point[1]!, point[0]!])),
  );
  let tolerance = (extent / SKETCH_WIDTH) * TOLERANCE_UNITS;
  for (;;) {
    const simplified = flat.map((pieces) =>
      pieces.map(
        (piece) =>
          simplify(lineString(piece.slice()), { tolerance, highQuality: false, mutate: true }).geometry.coordinates,
      ),
    );
    const count = simplified.flat(2).length;
    if (count <= MAX_DRAWING_POINTS) {
      return simplified.map((pieces) => pieces.map((piece) => piece.map(([x, y]) => [round5(x! / scale), round5(y!)])));
    }
    tolerance *= 2;
  }
}
