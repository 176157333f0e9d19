import { describe, expect, it } from "vitest";
import {
  byLatestFirst,
  firstRideYear,
  passportFigures,
  passportFigureTexts,
  passportFirstName,
  type RiddenRide,
} from "./passport";

const ride = (fields: Partial<RiddenRide>): RiddenRide => ({
  id: "r",
  title: "A ride",
  startDate: "2025-01-10",
  endDate: "2025-01-12",
  distanceKm: 0,
  route: null,
  ...fields,
});

describe("passportFigures (docs/features/ride-passport.md)", () => {
  it("has nothing to show without rides", () => {
    expect(passportFigures([])).toEqual({ rides: 0, kilometres: 0, climb: null, highest: null, firstRide: null });
  });

  it("takes a ride's route when it has one, else the distance typed on the ride", () => {
    const figures = passportFigures([
      ride({
        id: "spiti",
        title: "Spiti",
        distanceKm: 999,
        route: { distance: 412_400, climb: 5210.4, highest: { elevation: 4551.2, name: "Kunzum La" } },
      }),
      ride({ id: "coast", title: "Konkan coast", startDate: "2024-11-02", distanceKm: 300 }),
    ]);
    expect(figures).toEqual({
      rides: 2,
      kilometres: 712,
      climb: 5210,
      highest: { elevation: 4551, name: "Kunzum La", rideTitle: "Spiti" },
      firstRide: { id: "coast", title: "Konkan coast", startDate: "2024-11-02" },
    });
  });

  it("adds no climb or highest point for a route without elevations", () => {
    const figures = passportFigures([ride({ route: { distance: 100_000, climb: null, highest: null } })]);
    expect(figures).toMatchObject({ kilometres: 100, climb: null, highest: null });
  });

  it("keeps the highest of the routes' highest points and sums the climbs it has", () => {
    const figures = passportFigures([
      ride({ id: "a", title: "Low", route: { distance: 0, climb: 800, highest: { elevation: 1200, name: "Hill" } } }),
      ride({ id: "b", title: "High", route: { distance: 0, climb: 1200, highest: { elevation: 5359, name: "" } } }),
      ride({ id: "c", route: { distance: 0, climb: null, highest: null } }),
    ]);
    expect(figures.climb).toBe(2000);
    expect(figures.highest).toEqual({ elevation: 5359, name: "", rideTitle: "High" });
  });

  it("counts a negative or broken distance as nothing", () => {
    expect(passportFigures([ride({ distanceKm: -5 }), ride({ distanceKm: Number.NaN })]).kilometres).toBe(0);
  });

  it("says of dates only the first ride's year, in the texts a public passport shows", () => {
    const figures = passportFigures([ride({ distanceKm: 1250 }), ride({ id: "b", startDate: "2023-05-01" })]);
    expect(firstRideYear(figures)).toBe("2023");
    expect(passportFigureTexts(figures)).toEqual(["2 rides", "1,250 km", "riding with us since 2023"]);
  });
});

describe("byLatestFirst", () => {
  it("lists the latest ride first, an undated one last", () => {
    const rides = [
      ride({ id: "old", startDate: "2023-01-01" }),
      ride({ id: "none", startDate: "" }),
      ride({ id: "new", startDate: "2025-01-01" }),
    ];
    expect(byLatestFirst(rides).map((r) => r.id)).toEqual(["new", "old", "none"]);
  });
});

describe("passportFirstName", () => {
  it("is the first word of the saved name, else of the booking's name", () => {
    expect(passportFirstName("  Anjali  Menon ", "Someone Else")).toBe("Anjali");
    expect(passportFirstName("", "Rohit Kumar")).toBe("Rohit");
    expect(passportFirstName(null, undefined)).toBe("");
  });
});
