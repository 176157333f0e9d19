// Generated GPX files with known answers, for the route tests, the bench and the e2e specs.

export type TrackPoint = { lat: number; lon: number; ele?: number };

/** A deterministic pseudo-random sequence in [0, 1) (mulberry32), so noisy tracks are the same every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` points evenly spaced from one position to another, elevation from `ele(fraction)`. */
export function straightTrack(
  from: { lat: number; lon: number },
  to: { lat: number; lon: number },
  count: number,
  ele?: (fraction: number, index: number) => number,
): TrackPoint[] {
  return Array.from({ length: count }, (_, index) => {
    const fraction = index / (count - 1);
    return {
      lat: from.lat + (to.lat - from.lat) * fraction,
      lon: from.lon + (to.lon - from.lon) * fraction,
      ...(ele ? { ele: ele(fraction, index) } : {}),
    };
  });
}

/** A winding track: `count` points wandering at random, about `stepDegrees` apart, from a start. */
export function windingTrack(
  start: { lat: number; lon: number },
  count: number,
  random: () => number,
  stepDegrees = 0.002,
): TrackPoint[] {
  const points: TrackPoint[] = [];
  let { lat, lon } = start;
  let heading = random() * Math.PI * 2;
  let ele = 800;
  for (let index = 0; index < count; index += 1) {
    heading += (random() - 0.5) * 0.6;
    lat += Math.cos(heading) * stepDegrees;
    lon += Math.sin(heading) * stepDegrees;
    ele = Math.max(0, ele + (random() - 0.5) * 6);
    points.push({ lat: Number(lat.toFixed(6)), lon: Number(lon.toFixed(6)), ele: Number(ele.toFixed(1)) });
  }
  return points;
}

const point = (tag: string, { lat, lon, ele }: TrackPoint) =>
  `<${tag} lat="${lat}" lon="${lon}">${ele === undefined ? "" : `<ele>${ele}</ele>`}</${tag}>`;

export type GpxOptions = {
  /** Each inner list is one track (or one segment of a single track with `segments`). */
  days: TrackPoint[][];
  segments?: boolean;
  waypoints?: (TrackPoint & { name: string })[];
  version?: "1.0" | "1.1";
  /** Write the days as <rte> routes instead of tracks. */
  asRoutes?: boolean;
};

export function buildGpx({
  days,
  segments = false,
  waypoints = [],
  version = "1.1",
  asRoutes = false,
}: GpxOptions): string {
  const ns = version === "1.1" ? "http://www.topografix.com/GPX/1/1" : "http://www.topografix.com/GPX/1/0";
  const wpts = waypoints.map(
    (waypoint) => `<wpt lat="${waypoint.lat}" lon="${waypoint.lon}"><name>${waypoint.name}</name></wpt>`,
  );
  const body = asRoutes
    ? days.map((day, index) => `<rte><name>Day ${index + 1}</name>${day.map((p) => point("rtept", p)).join("")}</rte>`)
    : segments
      ? [
          `<trk><name>Ride</name>${days.map((day) => `<trkseg>${day.map((p) => point("trkpt", p)).join("\n")}</trkseg>`).join("")}</trk>`,
        ]
      : days.map(
          (day, index) =>
            `<trk><name>Day ${index + 1}</name><trkseg>${day.map((p) => point("trkpt", p)).join("\n")}</trkseg></trk>`,
        );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="${version}" creator="roadbook tests" xmlns="${ns}">\n${wpts.join("\n")}${body.join("\n")}\n</gpx>\n`;
}

/**
 * A three-day ride in South India: Bengaluru → Mysuru → Madikeri → Mangaluru-ish, straight
 * legs with a climb to 1,200 m on day 2 and a descent to the coast on day 3, waypoints at the overnight stops.
 */
export function threeDayRide(pointsPerDay = 200): {
  days: TrackPoint[][];
  waypoints: (TrackPoint & { name: string })[];
} {
  const bengaluru = { lat: 12.9716, lon: 77.5946 };
  const mysuru = { lat: 12.2958, lon: 76.6394 };
  const madikeri = { lat: 12.4244, lon: 75.7382 };
  const mangaluru = { lat: 12.9141, lon: 74.856 };
  return {
    days: [
      straightTrack(bengaluru, mysuru, pointsPerDay, (f) => 920 - 150 * f),
      straightTrack(mysuru, madikeri, pointsPerDay, (f) => 770 + 430 * Math.sin(f * Math.PI)),
      straightTrack(madikeri, mangaluru, pointsPerDay, (f) => 770 - 750 * f),
    ],
    waypoints: [
      { ...mysuru, name: "Mysuru" },
      { ...madikeri, name: "Madikeri" },
    ],
  };
}
