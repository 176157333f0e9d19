import { formatKm } from "./format";
import { metresBetween } from "./measure";
import type { Position, RouteSummary } from "./types";

export const SKETCH_WIDTH = 640;
const PAD = 28;
/** Sketch units within which two markers are one place (their labels would overlap). */
const SAME_PLACE = 12;

export type SketchPoint = { x: number; y: number };
export type Sketch = {
  width: number;
  height: number;
  /** One SVG path per day. */
  paths: string[];
  start: SketchPoint;
  finish: SketchPoint;
  /** The named place at the start or finish (a first night back where the ride began, the last day's end), or ''. */
  startName: string;
  finishName: string;
  /** Overnight stops, each place once: a second night at the same place, or at the start or finish, adds no marker. */
  stops: (SketchPoint & { day: number })[];
  scaleBar: { length: number; label: string };
};

/** An SVG path of rounded points: absolute first point, then relative steps of the rounded points (no drift). */
export function pathData(pieces: SketchPoint[][]): string {
  let d = "";
  for (const piece of pieces) {
    let previous: SketchPoint | null = null;
    for (const point of piece) {
      const x = Math.round(point.x);
      const y = Math.round(point.y);
      if (!previous) d += `M${x} ${y}`;
      else if (x !== previous.x || y !== previous.y) d += `l${x - previous.x} ${y - previous.y}`.replace(/ -/g, "-");
      previous = { x, y };
    }
  }
  return d;
}

/** 1, 2, 5, 10, 20, 50 … km: the round length nearest a quarter of the sketch. */
function roundKm(km: number): number {
  const power = 10 ** Math.floor(Math.log10(km));
  const steps = [1, 2, 5, 10];
  return steps
    .map((step) => step * power)
    .reduce((best, value) => (Math.abs(value - km) < Math.abs(best - km) ? value : best));
}

/**
 * The route on a flat map (equirectangular, scaled by the cosine of the mid latitude, north
 * up), fitted into 640 units wide; tall routes get a taller drawing, up to square.
 */
export function sketchOf(summary: Pick<RouteSummary, "drawing" | "days">): Sketch {
  let [minLon, maxLon, minLat, maxLat] = [Infinity, -Infinity, Infinity, -Infinity];
  // A loop, not Math.min(...points): an imported drawing may hold more points than a spread takes.
  for (const [lon, lat] of summary.drawing.flat(2)) {
    minLon = Math.min(minLon, lon!);
    maxLon = Math.max(maxLon, lon!);
    minLat = Math.min(minLat, lat!);
    maxLat = Math.max(maxLat, lat!);
  }
  const cos = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * cos, 1e-6);
  const spanY = Math.max(maxLat - minLat, 1e-6);
  const inner = SKETCH_WIDTH - 2 * PAD;
  const height = Math.round(Math.min(SKETCH_WIDTH, Math.max(240, (inner * spanY) / spanX + 2 * PAD + 24)));
  const scale = Math.min(inner / spanX, (height - 2 * PAD - 24) / spanY);
  const offsetX = PAD + (inner - spanX * scale) / 2;
  const offsetY = PAD + (height - 2 * PAD - 24 - spanY * scale) / 2;
  const project = (position: Position): SketchPoint => ({
    x: offsetX + (position[0]! - minLon) * cos * scale,
    y: offsetY + (maxLat - position[1]!) * scale,
  });
  const round = ({ x, y }: SketchPoint) => ({ x: Math.round(x), y: Math.round(y) });
  const start = round(project(summary.days[0]!.start));
  const finish = round(project(summary.days.at(-1)!.end));
  const near = (a: SketchPoint, b: SketchPoint) => Math.hypot(a.x - b.x, a.y - b.y) < SAME_PLACE;
  const stops: Sketch["stops"] = [];
  let startName = "";
  for (const day of summary.days.slice(0, -1)) {
    const stop = round(project(day.end));
    if (near(stop, start)) startName ||= day.endName;
    else if (!near(stop, finish) && !stops.some((kept) => near(kept, stop))) stops.push({ ...stop, day: day.day });
  }
  // Metres per sketch unit, measured north–south through the middle of the route.
  const unitMetres = metresBetween([minLon, minLat], [minLon, minLat + 1 / scale]);
  const km = roundKm((inner / 4) * (unitMetres / 1000));
  return {
    width: SKETCH_WIDTH,
    height,
    paths: summary.drawing.map((pieces) => pathData(pieces.map((piece) => piece.map(project)))),
    start,
    finish,
    startName,
    finishName: summary.days.at(-1)!.endName,
    stops,
    scaleBar: { length: Math.round((km * 1000) / unitMetres), label: formatKm(km * 1000) },
  };
}

export const PROFILE_WIDTH = 640;
export const PROFILE_HEIGHT = 180;
const PROFILE_LEFT = 44;
const PROFILE_BOTTOM = 22;
const PROFILE_TOP = 26;

export type Profile = {
  line: string;
  area: string;
  minElevation: number;
  maxElevation: number;
  dayStarts: { x: number; day: number }[];
  highest: SketchPoint | null;
  plot: { left: number; right: number; top: number; bottom: number };
};

/** The elevation profile: distance across, elevation up, days marked where they start. */
export function profileOf(summary: Pick<RouteSummary, "profile" | "days" | "distance" | "highest">): Profile | null {
  if (summary.profile.length < 2 || summary.distance <= 0) return null;
  const elevations = summary.profile.map(([, elevation]) => elevation!);
  const minElevation = Math.floor(Math.min(...elevations) / 100) * 100;
  const maxElevation = Math.max(minElevation + 100, Math.ceil(Math.max(...elevations) / 100) * 100);
  const plot = {
    left: PROFILE_LEFT,
    right: PROFILE_WIDTH - 8,
    top: PROFILE_TOP,
    bottom: PROFILE_HEIGHT - PROFILE_BOTTOM,
  };
  const x = (metres: number) => plot.left + (metres / summary.distance) * (plot.right - plot.left);
  const y = (elevation: number) =>
    plot.bottom - ((elevation - minElevation) / (maxElevation - minElevation)) * (plot.bottom - plot.top);
  const points = summary.profile.map(([metres, elevation]) => ({ x: x(metres!), y: y(elevation!) }));
  const line = pathData([points]);
  const first = Math.round(points[0]!.x);
  const last = Math.round(points.at(-1)!.x);
  let along = 0;
  const dayStarts = summary.days.map((day) => {
    const start = { x: Math.round(x(along)), day: day.day };
    along += day.distance;
    return start;
  });
  return {
    line,
    area: `${line}L${last} ${plot.bottom}L${first} ${plot.bottom}Z`,
    minElevation,
    maxElevation,
    dayStarts,
    highest: summary.highest
      ? { x: Math.round(x(summary.highest.distance)), y: Math.round(y(summary.highest.elevation)) }
      : null,
    plot,
  };
}
