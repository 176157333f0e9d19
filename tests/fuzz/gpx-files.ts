import { buildGpx, straightTrack } from "../support/gpx.ts";

// GPX files for the route upload (decision 024): a good one, files whose points are impossible
// (which must never become a route), and files built to make a parser work hard.

export type GpxFile = { name: string; text: string | Buffer; garbage: boolean };

const track = straightTrack({ lat: 12.97, lon: 77.59 }, { lat: 12.3, lon: 76.64 }, 50);

/** A real two-point-or-more track: this one must be saved. */
export const GOOD_GPX: GpxFile = { name: "good", text: buildGpx({ days: [track] }), garbage: false };

/** A good track with one of its points written as `point`. */
function withPoint(name: string, point: string): GpxFile {
  const good = buildGpx({ days: [track] });
  const at = good.indexOf("<trkpt", good.indexOf("<trkpt") + 1);
  const end = good.indexOf("</trkpt>", at) + "</trkpt>".length;
  return { name, text: good.slice(0, at) + point + good.slice(end), garbage: true };
}

/** Impossible points: none of these files is a route (decision 024). */
export const GARBAGE_GPX: GpxFile[] = [
  withPoint("lat NaN", '<trkpt lat="NaN" lon="77.5"></trkpt>'),
  withPoint("lat empty", '<trkpt lat="" lon="77.5"></trkpt>'),
  withPoint("lat north", '<trkpt lat="north" lon="77.5"></trkpt>'),
  withPoint("no lat", '<trkpt lon="77.5"></trkpt>'),
  withPoint("lon NaN", '<trkpt lat="12.5" lon="NaN"></trkpt>'),
  withPoint("lat Infinity", '<trkpt lat="Infinity" lon="77.5"></trkpt>'),
  withPoint("lat 91", '<trkpt lat="91" lon="77.5"></trkpt>'),
  withPoint("lon 1e999", '<trkpt lat="12.5" lon="1e999"></trkpt>'),
  { name: "NUL in the XML", text: buildGpx({ days: [track] }).replace("<trkseg>", "<trkseg>\u0000"), garbage: true },
];

/** Structures that cost a parser time and memory; `scale` 1 is small (the short run), more is harder. */
export function hostileGpx(scale: number): GpxFile[] {
  const head = '<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>';
  const tail = "</trkseg></trk></gpx>";
  const depth = 20_000 * scale;
  const empties = 50_000 * scale;
  return [
    {
      name: `${depth} nested elements`,
      text: `${head}${"<a>".repeat(depth)}${"</a>".repeat(depth)}${tail}`,
      garbage: true,
    },
    { name: `${empties} empty elements`, text: `${head}${"<a/>".repeat(empties)}${tail}`, garbage: true },
    {
      name: `${empties} attributes`,
      text: `${head}<trkpt lat="1" lon="1" ${Array.from({ length: empties / 10 }, (_, i) => `a${i}="x"`).join(" ")}/>${tail}`,
      garbage: true,
    },
  ];
}
