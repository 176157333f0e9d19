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
  const all = days.flat(2);
  if (all.length === 0) return days;
  const lats = all.map((point) => point[1]!);
  const lons = all.map((point) => point[0]!);
  const scale = Math.cos((((Math.min(...lats) + Math.max(...lats)) / 2) * Math.PI) / 180);
  const extent = Math.max((Math.max(...lons) - Math.min(...lons)) * scale, Math.max(...lats) - Math.min(...lats), 1e-6);
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
