import { stopLabel } from "./format";
import type { RouteSummary } from "./types";

type Feature = {
  type: "Feature";
  properties: { day?: number; label?: string; kind?: "start" | "stop" | "finish" };
  geometry: { type: "MultiLineString" | "Point"; coordinates: unknown };
};

/** Each day as a MultiLineString (its simplified pieces), then start, overnight stops and finish as points. */
export function routeGeoJson(summary: Pick<RouteSummary, "drawing" | "days">) {
  const days: Feature[] = summary.drawing.map((pieces, index) => ({
    type: "Feature",
    properties: { day: index + 1 },
    geometry: { type: "MultiLineString", coordinates: pieces },
  }));
  const point = (kind: "start" | "stop" | "finish", label: string, coordinates: number[]): Feature => ({
    type: "Feature",
    properties: { kind, label },
    geometry: { type: "Point", coordinates },
  });
  const last = summary.days.at(-1)!;
  return {
    type: "FeatureCollection" as const,
    features: [
      ...days,
      point("start", "Start", summary.days[0]!.start),
      ...summary.days.slice(0, -1).map((day) => point("stop", stopLabel(day), day.end)),
      point("finish", "Finish", last.end),
    ],
  };
}
