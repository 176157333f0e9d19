import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FALLBACK_STATS } from "~/domain/stats";
import { StatsStrip } from "./stats-strip";

const values = (html: string) => [...html.matchAll(/data-testid="stat-\w+">([^<]*)</g)].map((match) => match[1]);

describe("StatsStrip (product.md#previous-page: Past Adventures statistics)", () => {
  it("shows '...' for each number while the statistics load", () => {
    const html = renderToString(<StatsStrip stats={new Promise(() => {})} />);
    expect(values(html)).toEqual(["...", "...", "..."]);
    expect(html).toContain("Completed Rides");
    expect(html).toContain("Happy Riders");
    expect(html).toContain("Kilometers Covered");
  });

  it("shows each number with thousands separators and a trailing plus", () => {
    const html = renderToString(
      <StatsStrip stats={{ ...FALLBACK_STATS, completedRides: 47, happyRiders: 1320, kilometersCovered: 18500 }} />,
    );
    expect(values(html)).toEqual(["47+", "1,320+", "18,500+"]);
  });
});
