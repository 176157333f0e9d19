import { DOMImplementation, XMLSerializer } from "@xmldom/xmldom";
import type { Position } from "./types";

const GPX_NS = "http://www.topografix.com/GPX/1/1";

/**
 * A GPX 1.1 file of one track, one segment per piece, built with xmldom so names are escaped
 * as XML requires. Elevations are kept where the original had them.
 */
export function writeGpx(options: { name: string; creator: string; pieces: Position[][] }): string {
  const document = new DOMImplementation().createDocument(GPX_NS, "gpx", null);
  const root = document.documentElement!;
  root.setAttribute("version", "1.1");
  root.setAttribute("creator", options.creator);
  const element = (name: string) => document.createElementNS(GPX_NS, name);
  const track = element("trk");
  const name = element("name");
  name.appendChild(document.createTextNode(options.name));
  track.appendChild(name);
  for (const piece of options.pieces) {
    const segment = element("trkseg");
    for (const [lon, lat, elevation] of piece) {
      const point = element("trkpt");
      point.setAttribute("lat", String(lat));
      point.setAttribute("lon", String(lon));
      if (elevation !== undefined) {
        const ele = element("ele");
        ele.appendChild(document.createTextNode(String(elevation)));
        point.appendChild(ele);
      }
      segment.appendChild(point);
    }
    track.appendChild(segment);
  }
  root.appendChild(track);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(document)}\n`;
}
