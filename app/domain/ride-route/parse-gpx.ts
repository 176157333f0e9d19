import { gpx } from "@tmcw/togeojson";
import { DOMParser } from "@xmldom/xmldom";
import { GPX_MESSAGES, GpxRejectedError, guardGpx } from "./gpx-guard";
import type { ParsedGpx, Position, RouteLine, Waypoint } from "./types";

type Geometry = { type: string; coordinates: unknown };

function validPosition(position: unknown): position is Position {
  if (!Array.isArray(position) || position.length < 2) return false;
  const [lon, lat] = position as number[];
  return Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lat!) <= 90 && Math.abs(lon!) <= 180;
}

function checkedLine(name: string, coordinates: unknown): RouteLine {
  const points = coordinates as unknown[];
  if (!points.every(validPosition)) throw new GpxRejectedError(GPX_MESSAGES.badCoordinates);
  // An elevation that is not a number (an empty <ele/>) is treated as missing.
  return { name, points: points.map((point) => (Number.isFinite(point[2]) ? point.slice(0, 3) : point.slice(0, 2))) };
}

/** What the XML parser made of a file: togeojson's features, or why it could not. */
export type XmlOutcome =
  | { ok: true; collection: { features: { geometry: unknown; properties: unknown }[] } }
  | { ok: false; notGpx: boolean; detail: string; badPoint?: string };

export type XmlLibraries = { DOMParser: typeof DOMParser; gpx: typeof gpx };

/**
 * The XML step: xmldom builds the tree (any error refuses the file with the parser's reason)
 * and togeojson reads GPX 1.0 or 1.1 from it. Self-contained (it uses only its arguments) so
 * the server can run its source in a worker thread (app/server/ride-routes/gpx-worker.server.ts).
 */
export function readGpxXml(text: string, libraries: XmlLibraries): XmlOutcome {
  let detail = "";
  try {
    const document = new libraries.DOMParser({
      onError: (level, message) => {
        if (level === "warning") return;
        detail = message;
        throw new Error(message);
      },
    }).parseFromString(text, "text/xml");
    if (document.documentElement?.localName !== "gpx") return { ok: false, notGpx: true, detail: "" };
    // togeojson reads a coordinate with parseFloat, so lat="NaN", "", "north" or none at all
    // would become a point of the route; each point is checked first, to name the one at fault.
    const decimal = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;
    const fault = (point: { getAttribute(name: string): string | null }) => {
      const latitude = point.getAttribute("lat") ?? "";
      if (!decimal.test(latitude) || !(Math.abs(Number(latitude)) <= 90)) return "no valid latitude";
      const longitude = point.getAttribute("lon") ?? "";
      if (!decimal.test(longitude) || !(Math.abs(Number(longitude)) <= 180)) return "no valid longitude";
      return "";
    };
    for (const [owner, tag, label] of [
      ["trk", "trkpt", "track"],
      ["rte", "rtept", "route"],
    ]) {
      const owners = document.getElementsByTagName(owner!);
      for (let line = 0; line < owners.length; line += 1) {
        const points = owners.item(line)!.getElementsByTagName(tag!);
        for (let index = 0; index < points.length; index += 1) {
          const problem = fault(points.item(index)!);
          if (problem)
            return {
              ok: false,
              notGpx: false,
              detail: "",
              badPoint: `Point ${index + 1} of ${label} ${line + 1} has ${problem}`,
            };
        }
      }
    }
    const waypoints = document.getElementsByTagName("wpt");
    for (let index = 0; index < waypoints.length; index += 1) {
      const problem = fault(waypoints.item(index)!);
      if (problem) return { ok: false, notGpx: false, detail: "", badPoint: `Waypoint ${index + 1} has ${problem}` };
    }
    return { ok: true, collection: libraries.gpx(document as unknown as Document) };
  } catch (error) {
    return { ok: false, notGpx: false, detail: detail || (error instanceof Error ? error.message : "invalid XML") };
  }
}

/**
 * The tracks of an XML outcome, each segment a line of its own, or, when the file has no
 * track, its routes; and its waypoints. Refuses coordinates off the globe and files without a
 * line of two points.
 */
export function gpxFromXml(outcome: XmlOutcome): ParsedGpx {
  if (!outcome.ok && outcome.badPoint) throw new GpxRejectedError(GPX_MESSAGES.badPoint(outcome.badPoint));
  if (!outcome.ok)
    throw new GpxRejectedError(outcome.notGpx ? GPX_MESSAGES.notGpx : GPX_MESSAGES.malformed(outcome.detail));
  const collection = outcome.collection;
  const tracks: RouteLine[] = [];
  const routes: RouteLine[] = [];
  const waypoints: Waypoint[] = [];
  for (const feature of collection.features) {
    const geometry = feature.geometry as Geometry | null;
    if (!geometry) continue;
    const properties = (feature.properties ?? {}) as Record<string, unknown>;
    const name = typeof properties.name === "string" ? properties.name.trim() : "";
    if (geometry.type === "Point") {
      if (!validPosition(geometry.coordinates)) throw new GpxRejectedError(GPX_MESSAGES.badCoordinates);
      waypoints.push({ name, position: (geometry.coordinates as number[]).slice(0, 2) });
      continue;
    }
    // togeojson names the GPX element a line came from in this property.
    const target = properties["_gpxType"] === "rte" ? routes : tracks;
    if (geometry.type === "LineString") target.push(checkedLine(name, geometry.coordinates));
    if (geometry.type === "MultiLineString") {
      for (const segment of geometry.coordinates as unknown[]) target.push(checkedLine(name, segment));
    }
  }
  const fromTracks = tracks.some((line) => line.points.length >= 2);
  const lines = (fromTracks ? tracks : routes).filter((line) => line.points.length >= 2);
  if (lines.length === 0) throw new GpxRejectedError(GPX_MESSAGES.noTrack);
  return { lines, waypoints, fromTracks };
}

/** A GPX file read on the calling thread: the checks of guardGpx, then the XML, then the lines. */
export function parseGpx(bytes: Uint8Array): ParsedGpx {
  return gpxFromXml(readGpxXml(guardGpx(bytes), { DOMParser, gpx }));
}
