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

/**
 * Reads a GPX 1.0 or 1.1 file (after guardGpx) with xmldom and togeojson: its tracks, each
 * segment a line of its own, or, when it has no track, its routes; and its waypoints. Any XML
 * error refuses the file with the parser's reason.
 */
export function parseGpx(bytes: Uint8Array): ParsedGpx {
  const text = guardGpx(bytes);
  let document;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== "warning") throw new GpxRejectedError(GPX_MESSAGES.malformed(message));
      },
    }).parseFromString(text, "text/xml");
  } catch (error) {
    if (error instanceof GpxRejectedError) throw error;
    const cause = error instanceof Error && error.cause instanceof GpxRejectedError ? error.cause : null;
    throw cause ?? new GpxRejectedError(GPX_MESSAGES.malformed(error instanceof Error ? error.message : "invalid XML"));
  }
  if (document.documentElement?.localName !== "gpx") throw new GpxRejectedError(GPX_MESSAGES.notGpx);

  const collection = gpx(document as unknown as Document);
  const tracks: RouteLine[] = [];
  const routes: RouteLine[] = [];
  const waypoints: Waypoint[] = [];
  for (const feature of collection.features) {
    const geometry = feature.geometry as Geometry | null;
    if (!geometry) continue;
    const properties: Record<string, unknown> = feature.properties ?? {};
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
