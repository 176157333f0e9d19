import { describe, expect, it } from "vitest";
import { heroFacts } from "./hero-facts";

const values = (ride: Parameters<typeof heroFacts>[0]) => heroFacts(ride).map((fact) => fact.value);

describe("heroFacts (product.md#ride-page: ride details hero)", () => {
  it("shows the date range, duration and distance of the ride", () => {
    expect(values({ startDate: "2027-01-15", endDate: "2027-01-20", duration: "6D 5N", distance: "855 km" })).toEqual([
      "15th - 20th January 2027",
      "6D 5N",
      "855 km",
    ]);
  });

  it("shows 'Date TBD', 'Duration TBD' and 'Distance TBD' for what is not known", () => {
    expect(values({ startDate: "", endDate: "", duration: "", distance: "  " })).toEqual([
      "Date TBD",
      "Duration TBD",
      "Distance TBD",
    ]);
  });

  it("copes with fields missing altogether (an old record)", () => {
    const legacy = { startDate: "2027-01-15", endDate: "2027-01-15" } as Parameters<typeof heroFacts>[0];
    expect(values(legacy)).toEqual(["15th January 2027", "Duration TBD", "Distance TBD"]);
  });
});
