import { describe, expect, it } from "vitest";
import { buildGpx, seeded, straightTrack, threeDayRide, windingTrack } from "../../../tests/support/gpx";
import { analyseRoute } from "./analyse";
import { DaySplitError, SPLIT_MESSAGES, defaultSplit } from "./days";
import { GPX_MESSAGES, GpxRejectedError, MAX_GPX_BYTES, MAX_GPX_DEPTH, guardGpx } from "./gpx-guard";
import { CLIMB_THRESHOLD_M, joinLines, metresBetween } from "./measure";
import { directionsUrl, meetingPointAtStart } from "./meeting-point";
import { parseGpx } from "./parse-gpx";
import { MAX_DRAWING_POINTS } from "./simplify-line";

const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string) => parseGpx(bytes(text));

/** WGS84 meridian arc from the equator (Helmert's series), metres: an independent known answer. */
function meridianArc(latitudeDegrees: number): number {
  const a = 6378137;
  const f = 1 / 298.257223563;
  const n = f / (2 - f);
  const phi = (latitudeDegrees * Math.PI) / 180;
  const A = (a / (1 + n)) * (1 + n ** 2 / 4 + n ** 4 / 64);
  return (
    A *
    (phi -
      ((3 * n) / 2 - (9 * n ** 3) / 16) * Math.sin(2 * phi) +
      ((15 * n ** 2) / 16 - (15 * n ** 4) / 32) * Math.sin(4 * phi) -
      ((35 * n ** 3) / 48) * Math.sin(6 * phi))
  );
}

describe("distances", () => {
  it("measures a north–south track on the ellipsoid (within 0.05 % of the meridian arc)", () => {
    const track = straightTrack({ lat: 12, lon: 77 }, { lat: 13, lon: 77 }, 1001);
    const summary = analyseRoute(parse(buildGpx({ days: [track] })), defaultSplit(1));
    const expected = meridianArc(13) - meridianArc(12);
    expect(Math.abs(summary.distance - expected) / expected).toBeLessThan(0.0005);
    // Plain haversine on the mean sphere would be 0.5 % long here.
    expect(Math.abs(111_195 - expected) / expected).toBeGreaterThan(0.005);
  });

  it("measures an east–west track along the equator (a degree is a·π/180)", () => {
    const track = straightTrack({ lat: 0, lon: 77 }, { lat: 0, lon: 78 }, 500);
    const summary = analyseRoute(parse(buildGpx({ days: [track] })), defaultSplit(1));
    expect(summary.distance).toBeCloseTo((6378137 * Math.PI) / 180, -1);
  });

  it("does not count the gap between two tracks", () => {
    const a = straightTrack({ lat: 12, lon: 77 }, { lat: 12.1, lon: 77 }, 50);
    const b = straightTrack({ lat: 13, lon: 77 }, { lat: 13.1, lon: 77 }, 50);
    const summary = analyseRoute(parse(buildGpx({ days: [a, b] })), { by: "lines" });
    const [one, two] = summary.days;
    expect(summary.distance).toBe(one!.distance + two!.distance);
    expect(summary.distance).toBeLessThan(23_000);
  });

  it("is symmetric and zero for the same point", () => {
    expect(metresBetween([77, 12], [77.3, 12.4])).toBeCloseTo(metresBetween([77.3, 12.4], [77, 12]), 6);
    expect(metresBetween([77, 12], [77, 12])).toBe(0);
  });
});

describe("climb and descent", () => {
  it("a noisy flat road (±4 m of GPS noise) climbs nothing", () => {
    const random = seeded(7);
    const track = straightTrack({ lat: 12, lon: 77 }, { lat: 12.5, lon: 77 }, 3000, () => 900 + (random() - 0.5) * 8);
    const [day] = analyseRoute(parse(buildGpx({ days: [track] })), defaultSplit(1)).days;
    expect(day!.climb).toBe(0);
    expect(day!.descent).toBe(0);
  });

  it("a pass of 1,000 m up and down with noise counts 1,000 m each way, within the threshold", () => {
    const random = seeded(11);
    const track = straightTrack({ lat: 32, lon: 77 }, { lat: 32.6, lon: 77 }, 4001, (f) => {
      const pass = 3000 + 1000 * (1 - Math.abs(2 * f - 1));
      return pass + (random() - 0.5) * 6;
    });
    const summary = analyseRoute(parse(buildGpx({ days: [track] })), defaultSplit(1));
    expect(summary.climb).toBeGreaterThan(1000 - CLIMB_THRESHOLD_M - 6);
    expect(summary.climb).toBeLessThanOrEqual(1006);
    expect(summary.descent).toBeGreaterThan(1000 - 2 * CLIMB_THRESHOLD_M - 6);
    expect(summary.highest!.elevation).toBeGreaterThan(3995);
    // The summit is half way along.
    expect(summary.highest!.distance / summary.distance).toBeCloseTo(0.5, 1);
  });

  it("a track without elevations has no climb, no highest point and no profile", () => {
    const track = straightTrack({ lat: 12, lon: 77 }, { lat: 12.2, lon: 77 }, 20);
    const summary = analyseRoute(parse(buildGpx({ days: [track] })), defaultSplit(1));
    expect(summary.climb).toBeNull();
    expect(summary.days[0]!.highest).toBeNull();
    expect(summary.profile).toEqual([]);
  });
});

describe("days", () => {
  const ride = threeDayRide(100);

  it("one track per day: a day each, with distance, climb, descent and highest point", () => {
    const parsed = parse(buildGpx(ride));
    expect(defaultSplit(parsed.lines.length)).toEqual({ by: "lines" });
    const summary = analyseRoute(parsed, { by: "lines" });
    expect(summary.days.map((day) => day.day)).toEqual([1, 2, 3]);
    const straight = ride.days.map((day) =>
      metresBetween([day[0]!.lon, day[0]!.lat], [day.at(-1)!.lon, day.at(-1)!.lat]),
    );
    summary.days.forEach((day, index) => expect(day.distance).toBeCloseTo(straight[index]!, -1));
    expect(summary.days[1]!.climb).toBeGreaterThan(420);
    expect(summary.days[1]!.highest!.elevation).toBeGreaterThan(1190);
    expect(summary.days[2]!.descent).toBeGreaterThan(740);
    expect(summary.days.map((day) => day.endName)).toEqual(["Mysuru", "Madikeri", ""]);
  });

  it("one segment per day reads the same as one track per day", () => {
    const byTracks = analyseRoute(parse(buildGpx(ride)), { by: "lines" });
    const bySegments = analyseRoute(parse(buildGpx({ ...ride, segments: true })), { by: "lines" });
    expect(bySegments.days).toEqual(byTracks.days);
  });

  it("a single track split at overnight stops gives the same days (the stop is shared)", () => {
    const joined = [...ride.days[0]!, ...ride.days[1]!.slice(1), ...ride.days[2]!.slice(1)];
    const parsed = parse(buildGpx({ days: [joined], waypoints: ride.waypoints }));
    expect(defaultSplit(parsed.lines.length)).toEqual({ by: "stops", stops: [] });
    const summary = analyseRoute(parsed, { by: "stops", stops: [99, 198] });
    const byTracks = analyseRoute(parse(buildGpx(ride)), { by: "lines" });
    summary.days.forEach((day, index) => {
      expect(day.distance).toBeCloseTo(byTracks.days[index]!.distance, -1);
      expect(day.climb).toBe(byTracks.days[index]!.climb);
    });
    // The waypoints sit on the stops, so the admin can pick them.
    expect(summary.waypoints.map((waypoint) => waypoint.index)).toEqual([99, 198]);
  });

  it("refuses stops out of order or outside the route, and lines on a single track", () => {
    const parsed = parse(buildGpx({ days: [ride.days[0]!] }));
    const attempt = (split: Parameters<typeof analyseRoute>[1]) => () => analyseRoute(parsed, split);
    expect(attempt({ by: "stops", stops: [50, 20] })).toThrow(SPLIT_MESSAGES.stopOrder);
    expect(attempt({ by: "stops", stops: [0] })).toThrow(SPLIT_MESSAGES.stopOutside);
    expect(attempt({ by: "stops", stops: [99] })).toThrow(SPLIT_MESSAGES.stopOutside);
    expect(attempt({ by: "lines" })).toThrow(DaySplitError);
  });

  it("reads GPX 1.0 and routes (<rte>) as well as tracks", () => {
    const v10 = analyseRoute(parse(buildGpx({ ...ride, version: "1.0" })), { by: "lines" });
    const routes = parse(buildGpx({ ...ride, asRoutes: true }));
    expect(routes.fromTracks).toBe(false);
    expect(analyseRoute(routes, { by: "lines" }).days).toEqual(v10.days);
  });

  it("Google Maps directions go from the meeting point through the overnight stops", () => {
    const summary = analyseRoute(parse(buildGpx(ride)), { by: "lines" });
    const url = new URL(directionsUrl(meetingPointAtStart(summary), summary));
    expect(url.searchParams.get("origin")).toBe(`${ride.days[0]![0]!.lat},${ride.days[0]![0]!.lon}`);
    expect(url.searchParams.get("waypoints")).toBe(
      `${ride.waypoints[0]!.lat},${ride.waypoints[0]!.lon}|${ride.waypoints[1]!.lat},${ride.waypoints[1]!.lon}`,
    );
    expect(url.searchParams.get("destination")).toBe(`${ride.days[2]!.at(-1)!.lat},${ride.days[2]!.at(-1)!.lon}`);
  });
});

describe("simplification for drawing", () => {
  it("keeps a straight line as its two ends and a winding one within the drawing budget", () => {
    const straight = analyseRoute(
      parse(buildGpx({ days: [straightTrack({ lat: 12, lon: 77 }, { lat: 13, lon: 78 }, 1000)] })),
      defaultSplit(1),
    );
    expect(straight.drawing).toEqual([
      [
        [
          [77, 12],
          [78, 13],
        ],
      ],
    ]);

    const days = Array.from({ length: 10 }, (_, index) =>
      windingTrack({ lat: 12 + index * 0.3, lon: 77 }, 5000, seeded(index)),
    );
    const winding = analyseRoute(parse(buildGpx({ days })), { by: "lines" });
    const kept = winding.drawing.flat(2).length;
    expect(kept).toBeLessThanOrEqual(MAX_DRAWING_POINTS);
    expect(kept).toBeGreaterThan(200);
    // Every kept point is a point of the track, to the stored 5 decimals (Douglas–Peucker keeps, never moves, points).
    const byLatitude = Map.groupBy(days.flat(), (p) => Math.round(p.lat * 100));
    const isOriginal = ([lon, lat]: number[]) =>
      (byLatitude.get(Math.round(lat! * 100)) ?? []).some(
        (p) => Math.abs(p.lon - lon!) <= 0.5e-5 + 1e-9 && Math.abs(p.lat - lat!) <= 0.5e-5 + 1e-9,
      );
    expect(winding.drawing.flat(2).every(isOriginal)).toBe(true);
  });
});

describe("hostile and broken files are refused with a message", () => {
  const refused = (input: string | Uint8Array) => {
    try {
      parseGpx(typeof input === "string" ? bytes(input) : input);
    } catch (error) {
      expect(error).toBeInstanceOf(GpxRejectedError);
      return (error as Error).message;
    }
    throw new Error("accepted");
  };

  it("XXE: an external entity", () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><gpx version="1.1"><trk><name>&xxe;</name></trk></gpx>`;
    expect(refused(xxe)).toBe(GPX_MESSAGES.doctype);
  });

  it("billion laughs: nested entity expansion", () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><gpx>&lol3;</gpx>`;
    expect(refused(lol)).toBe(GPX_MESSAGES.doctype);
  });

  it("an undeclared entity without a DTD", () => {
    expect(refused(`<gpx version="1.1"><trk><name>&lol;</name></trk></gpx>`)).toMatch(/could not be read/);
  });

  it("an 11 MB file", () => {
    const big = new Uint8Array(11 * 1024 * 1024).fill(0x20);
    expect(big.byteLength).toBeGreaterThan(MAX_GPX_BYTES);
    expect(refused(big)).toBe(GPX_MESSAGES.tooLarge("11.0"));
  });

  it("300,000 points", () => {
    const many = `<gpx version="1.1"><trk><trkseg>${'<trkpt lat="1" lon="1"/>'.repeat(300_000)}</trkseg></trk></gpx>`;
    expect(many.length).toBeLessThan(MAX_GPX_BYTES);
    expect(refused(many)).toBe(GPX_MESSAGES.tooManyPoints(300_000));
  });

  it("1.3 million nested elements, or 2.5 million empty ones, are refused before any parser builds a tree", () => {
    const nested = `<gpx version="1.1">${"<a>".repeat(1_300_000)}${"</a>".repeat(1_300_000)}</gpx>`;
    const empty = `<gpx version="1.1">${"<a/>".repeat(2_500_000)}</gpx>`;
    for (const text of [nested, empty]) expect(text.length).toBeLessThan(MAX_GPX_BYTES);
    expect(() => guardGpx(bytes(nested))).toThrow(GPX_MESSAGES.tooDeep);
    expect(() => guardGpx(bytes(empty))).toThrow(GPX_MESSAGES.tooManyElements);
    // Depth is counted by elements, not by '<' or '/>' inside comments, CDATA or attribute values.
    const deepEnough = `<gpx version="1.1">${"<e><!-- <a><b> -->".repeat(MAX_GPX_DEPTH - 2)}<trk name="a/>"><![CDATA[<c>]]></trk>${"</e>".repeat(MAX_GPX_DEPTH - 2)}</gpx>`;
    expect(() => guardGpx(bytes(deepEnough))).not.toThrow();
    expect(() => guardGpx(bytes(deepEnough.replace("<trk", "<e><trk").replace("</gpx>", "</e></gpx>")))).toThrow(
      GPX_MESSAGES.tooDeep,
    );
  });

  it("not XML, not GPX, broken XML, no track, bad coordinates, empty", () => {
    expect(refused("Day 1: Bengaluru to Mysuru")).toBe(GPX_MESSAGES.notXml);
    expect(refused(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]))).toBe(GPX_MESSAGES.notXml);
    expect(refused(`<kml><Document/></kml>`)).toBe(GPX_MESSAGES.notGpx);
    expect(refused(`<gpx version="1.1"><trk><trkseg>`)).toMatch(/could not be read/);
    expect(refused(`<gpx version="1.1"><wpt lat="1" lon="1"/></gpx>`)).toBe(GPX_MESSAGES.noTrack);
    expect(refused(`<gpx><trk><trkseg><trkpt lat="91" lon="1"/><trkpt lat="1" lon="1"/></trkseg></trk></gpx>`)).toBe(
      GPX_MESSAGES.badPoint("Point 1 of track 1 has no valid latitude"),
    );
    expect(refused(new Uint8Array())).toBe(GPX_MESSAGES.empty);
  });

  it("impossible points are refused with their position, never measured", () => {
    const track = (third: string) =>
      `<gpx version="1.1"><trk><trkseg><trkpt lat="12" lon="77"/><trkpt lat="12.1" lon="77"/></trkseg><trkseg>${third}<trkpt lat="12.3" lon="77"/></trkseg></trk></gpx>`;
    expect(refused(track('<trkpt lat="NaN" lon="77"/>'))).toBe(
      GPX_MESSAGES.badPoint("Point 3 of track 1 has no valid latitude"),
    );
    expect(refused(track('<trkpt lat="" lon="77"/>'))).toBe(
      GPX_MESSAGES.badPoint("Point 3 of track 1 has no valid latitude"),
    );
    expect(refused(track('<trkpt lat="north" lon="77"/>'))).toBe(
      GPX_MESSAGES.badPoint("Point 3 of track 1 has no valid latitude"),
    );
    expect(refused(track('<trkpt lon="77"/>'))).toBe(GPX_MESSAGES.badPoint("Point 3 of track 1 has no valid latitude"));
    expect(refused(track('<trkpt lat="12.2" lon="Infinity"/>'))).toBe(
      GPX_MESSAGES.badPoint("Point 3 of track 1 has no valid longitude"),
    );
    expect(refused(track('<trkpt lat="12.2" lon="0x4D"/>'))).toBe(
      GPX_MESSAGES.badPoint("Point 3 of track 1 has no valid longitude"),
    );
    const route = `<gpx version="1.1"><rte><rtept lat="1" lon="1"/></rte><rte><rtept lat="1" lon="1"/><rtept lat="1"/></rte></gpx>`;
    expect(refused(route)).toBe(GPX_MESSAGES.badPoint("Point 2 of route 2 has no valid longitude"));
    const waypoint = `<gpx version="1.1"><wpt lat="1" lon="1"/><wpt lat="1e400" lon="1"/><trk><trkseg><trkpt lat="1" lon="1"/><trkpt lat="2" lon="1"/></trkseg></trk></gpx>`;
    expect(refused(waypoint)).toBe(GPX_MESSAGES.badPoint("Waypoint 2 has no valid latitude"));
  });

  it("a NUL or another control character XML never holds is refused with its line", () => {
    const text = `<gpx version="1.1">\n<trk><trkseg><trkpt lat="1" lon="1"/>\n<trkpt lat="1\u0000" lon="2"/></trkseg></trk></gpx>`;
    expect(refused(text)).toBe(GPX_MESSAGES.controlCharacter(3));
    expect(refused(text.replace("\u0000", "\u001b"))).toBe(GPX_MESSAGES.controlCharacter(3));
  });

  it("joins lines keeping each point once", () => {
    const parsed = parse(buildGpx(ride3()));
    expect(joinLines(parsed.lines).points).toHaveLength(30);
  });
});

function ride3() {
  return threeDayRide(10);
}
