/**
 * `npx tsx scripts/demo-route.ts`: writes demo/routes/leh-ladakh.gpx, the demo route of the
 * Leh–Ladakh Expedition (demo/routes/README.md). Run once; the file is committed.
 *
 * The route is ours, generated: each itinerary day is a track through a handful of places on
 * that day's roads (towns, passes and sights at their approximate positions and heights),
 * joined by gentle meanders whose width is chosen so each day is as long as its itinerary
 * distance, with heights eased between the places. Named places are also the file's waypoints,
 * so the overnight stops and the highest pass get their names on the ride page.
 */
import { writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { DOMImplementation, XMLSerializer } from "@xmldom/xmldom";
import { metresBetween } from "../app/domain/ride-route/measure.ts";

/** [name ('' for a place that is only a via), latitude, longitude, elevation in metres] */
type Place = [name: string, lat: number, lon: number, ele: number];

const MANALI: Place = ["Manali", 32.2432, 77.1892, 2050];
const PALCHAN: Place = ["", 32.2975, 77.1823, 2450];
const JISPA: Place = ["Jispa", 32.64, 77.186, 3200];
const SARCHU: Place = ["Sarchu", 32.906, 77.572, 4290];
const LEH: Place = ["Leh", 34.1645, 77.5848, 3500];
const SPITUK: Place = ["", 34.129, 77.535, 3240];
const KARU: Place = ["", 33.93, 77.74, 3400];
const THIKSEY: Place = ["Thiksey", 34.055, 77.667, 3300];
const DISKIT: Place = ["Diskit", 34.542, 77.56, 3140];
const KHALSAR: Place = ["", 34.515, 77.68, 3100];
const HUNDER: Place = ["Hunder", 34.585, 77.47, 3080];
const DURBUK: Place = ["", 34.115, 78.12, 3900];
const TANGTSE: Place = ["", 34.026, 78.17, 3950];
const LUKUNG: Place = ["", 33.985, 78.37, 4250];
const PANGONG: Place = ["Pangong Tso", 33.95, 78.44, 4270];
const KARGIL: Place = ["Kargil", 34.555, 76.131, 2680];
const SRINAGAR: Place = ["Srinagar", 34.084, 74.836, 1590];

/** Each day's places in riding order, and its itinerary distance in km. */
const DAYS: { title: string; km: number; places: Place[] }[] = [
  {
    title: "Arrival in Manali",
    km: 20,
    places: [MANALI, PALCHAN, ["Solang", 32.3166, 77.1579, 2480], PALCHAN, MANALI],
  },
  {
    title: "Manali to Jispa",
    km: 140,
    places: [
      MANALI,
      PALCHAN,
      ["", 32.353, 77.15, 3060],
      ["Atal Tunnel", 32.401, 77.138, 3070],
      ["Sissu", 32.481, 77.126, 3130],
      ["", 32.51, 77.048, 3160],
      ["", 32.547, 76.98, 2870],
      ["Keylong", 32.571, 77.03, 3080],
      JISPA,
    ],
  },
  {
    title: "Jispa to Sarchu",
    km: 85,
    places: [
      JISPA,
      ["", 32.672, 77.207, 3360],
      ["", 32.75, 77.258, 3800],
      ["Deepak Tal", 32.769, 77.298, 3950],
      ["", 32.78, 77.335, 4270],
      ["Baralacha La", 32.758, 77.421, 4890],
      ["", 32.795, 77.474, 4600],
      ["", 32.845, 77.526, 4250],
      SARCHU,
    ],
  },
  {
    title: "Sarchu to Leh",
    km: 250,
    places: [
      SARCHU,
      ["Gata Loops", 32.988, 77.61, 4200],
      ["Nakee La", 33.03, 77.656, 4740],
      ["Lachulung La", 33.09, 77.722, 5065],
      ["Pang", 33.147, 77.82, 4600],
      ["More Plains", 33.27, 77.85, 4750],
      ["", 33.38, 77.83, 4800],
      ["Tanglang La", 33.505, 77.77, 5328],
      ["Rumtse", 33.658, 77.728, 4100],
      ["Upshi", 33.829, 77.813, 3400],
      KARU,
      THIKSEY,
      LEH,
    ],
  },
  {
    title: "Rest day in Leh",
    km: 30,
    places: [
      LEH,
      ["Shanti Stupa", 34.1735, 77.575, 3650],
      ["", 34.181, 77.584, 3600],
      LEH,
      ["Hall of Fame", 34.14, 77.552, 3300],
      SPITUK,
      LEH,
    ],
  },
  {
    title: "Leh to Nubra",
    km: 160,
    places: [
      LEH,
      ["South Pullu", 34.237, 77.618, 4600],
      ["Khardung La", 34.278, 77.604, 5359],
      ["North Pullu", 34.325, 77.634, 4700],
      ["", 34.39, 77.65, 3950],
      KHALSAR,
      DISKIT,
      HUNDER,
    ],
  },
  {
    title: "Nubra to Pangong",
    km: 180,
    places: [
      HUNDER,
      DISKIT,
      KHALSAR,
      ["Agham", 34.44, 77.79, 3200],
      ["Shyok", 34.19, 78.15, 3700],
      DURBUK,
      TANGTSE,
      LUKUNG,
      PANGONG,
    ],
  },
  {
    title: "Pangong to Leh",
    km: 160,
    places: [
      PANGONG,
      LUKUNG,
      TANGTSE,
      DURBUK,
      ["", 34.07, 77.99, 4700],
      ["Chang La", 34.047, 77.929, 5360],
      ["", 34.04, 77.81, 3800],
      KARU,
      THIKSEY,
      LEH,
    ],
  },
  {
    title: "Leh to Kargil",
    km: 220,
    places: [
      LEH,
      SPITUK,
      ["Magnetic Hill", 34.171, 77.388, 3300],
      ["", 34.193, 77.334, 3150],
      ["", 34.248, 77.157, 3100],
      ["", 34.319, 76.88, 2990],
      ["Lamayuru", 34.283, 76.774, 3510],
      ["Fotu La", 34.235, 76.63, 4108],
      ["", 34.31, 76.42, 3760],
      ["Mulbekh", 34.385, 76.365, 3300],
      KARGIL,
    ],
  },
  {
    title: "Kargil to Srinagar",
    km: 205,
    places: [
      KARGIL,
      ["Drass", 34.43, 75.757, 3280],
      ["Zoji La", 34.28, 75.48, 3528],
      ["", 34.255, 75.415, 2900],
      ["Sonamarg", 34.303, 75.295, 2740],
      ["", 34.25, 75.08, 2100],
      ["", 34.263, 74.903, 1800],
      ["", 34.227, 74.78, 1600],
      SRINAGAR,
    ],
  },
  {
    title: "Srinagar and departure",
    km: 10,
    places: [SRINAGAR, ["", 34.09, 74.848, 1590], ["Nishat Bagh", 34.124, 74.879, 1600], SRINAGAR],
  },
];

/** About one meander every 2 km, sampled every ~200 m of the straight line. */
const WAVE_M = 2000;
const STEP_M = 200;

type Point = { lat: number; lon: number; ele: number };

/** One leg from place to place: a meander of `amplitude` metres either side, heights eased (cosine). */
function leg(from: Place, to: Place, amplitude: number): Point[] {
  const [, lat0, lon0, ele0] = from;
  const [, lat1, lon1, ele1] = to;
  const chord = metresBetween([lon0, lat0], [lon1, lat1]);
  const steps = Math.max(4, Math.ceil(chord / STEP_M));
  const halfWaves = Math.max(1, Math.round((2 * chord) / WAVE_M));
  // The unit normal to the chord, in degrees per metre (flat locally).
  const metresPerDegLat = 111_320;
  const metresPerDegLon = 111_320 * Math.cos((((lat0 + lat1) / 2) * Math.PI) / 180);
  const north = (lat1 - lat0) * metresPerDegLat;
  const east = (lon1 - lon0) * metresPerDegLon;
  const norm = Math.hypot(north, east) || 1;
  const points: Point[] = [];
  for (let step = 0; step < steps; step += 1) {
    const t = step / steps;
    const offset = amplitude * Math.sin(halfWaves * Math.PI * t);
    points.push({
      lat: lat0 + (lat1 - lat0) * t + ((east / norm) * offset) / metresPerDegLat,
      lon: lon0 + (lon1 - lon0) * t - ((north / norm) * offset) / metresPerDegLon,
      ele: ele0 + ((ele1 - ele0) * (1 - Math.cos(Math.PI * t))) / 2,
    });
  }
  return points;
}

function dayTrack(places: Place[], amplitude: number): Point[] {
  const points = places.slice(1).flatMap((place, index) => leg(places[index]!, place, amplitude));
  const [, lat, lon, ele] = places.at(-1)!;
  return [...points, { lat, lon, ele }];
}

function lengthKm(points: Point[]): number {
  let metres = 0;
  for (let index = 1; index < points.length; index += 1) {
    const a = points[index - 1]!;
    const b = points[index]!;
    metres += metresBetween([a.lon, a.lat], [b.lon, b.lat]);
  }
  return metres / 1000;
}

/** The meander width that makes the day as long as its itinerary says (bisection). */
function trackOfLength(places: Place[], km: number): Point[] {
  if (lengthKm(dayTrack(places, 0)) >= km) return dayTrack(places, 0);
  let low = 0;
  let high = 3000;
  for (let round = 0; round < 40; round += 1) {
    const middle = (low + high) / 2;
    if (lengthKm(dayTrack(places, middle)) < km) low = middle;
    else high = middle;
  }
  return dayTrack(places, (low + high) / 2);
}

const GPX_NS = "http://www.topografix.com/GPX/1/1";
const document = new DOMImplementation().createDocument(GPX_NS, "gpx", null);
const root = document.documentElement!;
root.setAttribute("version", "1.1");
root.setAttribute("creator", "Roadbook demo (scripts/demo-route.ts)");
const element = (name: string, text?: string) => {
  const node = document.createElementNS(GPX_NS, name);
  if (text !== undefined) node.appendChild(document.createTextNode(text));
  return node;
};
const located = (name: string, { lat, lon, ele }: Point) => {
  const node = element(name);
  node.setAttribute("lat", lat.toFixed(5));
  node.setAttribute("lon", lon.toFixed(5));
  node.appendChild(element("ele", String(Math.round(ele))));
  return node;
};

const metadata = element("metadata");
metadata.appendChild(element("name", "Leh–Ladakh Expedition (Roadbook demo route)"));
metadata.appendChild(element("desc", "Generated for Roadbook's demo content, not surveyed: do not navigate by it."));
root.appendChild(metadata);

const named = new Map<string, Place>();
for (const day of DAYS) for (const place of day.places) if (place[0]) named.set(place[0], place);
for (const [name, lat, lon, ele] of named.values()) {
  const waypoint = located("wpt", { lat, lon, ele });
  waypoint.appendChild(element("name", name));
  root.appendChild(waypoint);
}

let total = 0;
for (const [index, day] of DAYS.entries()) {
  const points = trackOfLength(day.places, day.km);
  total += points.length;
  const track = element("trk");
  track.appendChild(element("name", `Day ${index + 1}: ${day.title}`));
  const segment = element("trkseg");
  for (const point of points) segment.appendChild(located("trkpt", point));
  track.appendChild(segment);
  root.appendChild(track);
  console.log(`day ${index + 1}: ${lengthKm(points).toFixed(1)} km (itinerary ${day.km} km), ${points.length} points`);
}

const target = path.resolve(import.meta.dirname, "..", "demo", "routes", "leh-ladakh.gpx");
await mkdir(path.dirname(target), { recursive: true });
const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(document)}\n`;
await writeFile(
  target,
  xml.replaceAll("<trkpt", "\n<trkpt").replaceAll("<wpt", "\n<wpt").replaceAll("<trk>", "\n<trk>"),
);
console.log(`${path.relative(process.cwd(), target)}: ${total} track points, ${named.size} waypoints`);
