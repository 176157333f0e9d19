import { readFileSync } from "node:fs";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { analyseRoute } from "~/domain/ride-route/analyse";
import { parseGpx } from "~/domain/ride-route/parse-gpx";
import { buildGpx, seeded, threeDayRide, windingTrack } from "../../../tests/support/gpx";
import { ElevationProfile } from "./elevation-profile";
import { RouteSketch } from "./route-sketch";

const summaryOf = (gpx: string, split: Parameters<typeof analyseRoute>[1]) =>
  analyseRoute(parseGpx(new TextEncoder().encode(gpx)), split);

describe("route sketch and elevation profile", () => {
  it("a 10-day ride of 50,000 winding points ships both drawings in at most 15 KB compressed", () => {
    const days = Array.from({ length: 10 }, (_, index) =>
      windingTrack({ lat: 12 + index * 0.4, lon: 76 + index * 0.2 }, 5000, seeded(100 + index), 0.003),
    );
    const summary = summaryOf(buildGpx({ days }), { by: "lines" });
    const markup = renderToStaticMarkup(
      <>
        <RouteSketch summary={summary} title="Route of a long ride" />
        <ElevationProfile summary={summary} />
      </>,
    );
    const gzip = gzipSync(markup, { level: 9 }).byteLength;
    const brotli = brotliCompressSync(markup).byteLength;
    expect(gzip).toBeLessThanOrEqual(15 * 1024);
    expect(brotli).toBeLessThanOrEqual(gzip);
    // Nine overnight stops, each drawn, and ten day paths.
    expect(markup.match(/<circle[^>]*r="5"/g)).toHaveLength(9);
    expect(markup.match(/<path[^>]*stroke="#(?:b8490c|f4883d)"/g)!.length).toBeGreaterThanOrEqual(10);
  });

  it("names the stops, start, finish, scale and north, and describes the route in words", () => {
    const summary = summaryOf(buildGpx(threeDayRide(100)), { by: "lines" });
    const markup = renderToStaticMarkup(<RouteSketch summary={summary} title="Route of Coorg and the coast" />);
    for (const text of ["Mysuru", "Madikeri", "Start", "Finish", ">N<", " km<"]) expect(markup).toContain(text);
    expect(markup).toContain('role="img"');
    expect(markup).toMatch(/<desc[^>]*>3 days, \d+ km\. Overnight stops: Mysuru, Madikeri\.<\/desc>/);
  });

  it("marks each place once: nights back at one place, a first night at the start and a last at the finish", () => {
    // The demo ride: Manali (day 1 loop) … Leh on days 4, 5 and 8 … Srinagar on days 10 and 11.
    const summary = summaryOf(readFileSync("demo/routes/leh-ladakh.gpx", "utf8"), { by: "lines" });
    const markup = renderToStaticMarkup(<RouteSketch summary={summary} title="Route of Ladakh" />);
    const labels = [...markup.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((match) => match[1]);
    expect(labels.filter((text) => text === "Leh")).toHaveLength(1);
    expect(labels).toContain("Start: Manali");
    expect(labels).toContain("Finish: Srinagar");
    expect(labels).not.toContain("Manali");
    expect(labels).not.toContain("Srinagar");
    expect(markup.match(/<circle[^>]*r="5"/g)).toHaveLength(6);
    // The words still name every night.
    expect(markup).toContain(
      "Overnight stops: Manali, Jispa, Sarchu, Leh, Leh, Hunder, Pangong Tso, Leh, Kargil, Srinagar.",
    );
  });

  it("labels a day on the profile only where its label fits beside the others and the highest point's", () => {
    const summary = summaryOf(readFileSync("demo/routes/leh-ladakh.gpx", "utf8"), { by: "lines" });
    const markup = renderToStaticMarkup(<ElevationProfile summary={summary} />);
    const dayLabels = [...markup.matchAll(/<text x="(\d+)" y="18">Day (\d+)<\/text>/g)].map((match) => ({
      x: Number(match[1]),
      text: `Day ${match[2]}`,
    }));
    expect(dayLabels.map((label) => label.text)).toEqual(["Day 1", "Day 3", "Day 5", "Day 10"]);
    expect(dayLabels[0]!.text).toBe("Day 1");
    for (const [index, label] of dayLabels.entries()) {
      if (index > 0) expect(label.x).toBeGreaterThanOrEqual(dayLabels[index - 1]!.x + 6 * 8.5);
      expect(label.x + label.text.length * 8.5).toBeLessThanOrEqual(640);
    }
    expect(markup).toContain("Chang La 5,360 m");
  });

  it("names the highest point on the profile, and draws no profile without elevations", () => {
    const ride = threeDayRide(100);
    const summary = summaryOf(
      buildGpx({ ...ride, waypoints: [...ride.waypoints, { lat: 12.36, lon: 76.19, name: "Hill top" }] }),
      { by: "lines" },
    );
    const markup = renderToStaticMarkup(<ElevationProfile summary={summary} />);
    expect(markup).toContain("Hill top 1,200 m");
    expect(markup).toContain("Day 3");
    const flat = summaryOf(buildGpx({ days: [ride.days[0]!.map(({ lat, lon }) => ({ lat, lon }))] }), {
      by: "stops",
      stops: [],
    });
    expect(renderToStaticMarkup(<ElevationProfile summary={flat} />)).toBe("");
  });
});
