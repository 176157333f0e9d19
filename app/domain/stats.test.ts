import { describe, expect, it } from "vitest";
import { checkInKey, formatStatNumber, rideBreakdown, statsFromBreakdown, statWithPlus, type RideFacts } from "./stats";

const ride = (facts: Partial<RideFacts>): RideFacts => ({
  status: "completed",
  participants: 0,
  distanceKm: 0,
  startDate: "2026-03-01",
  endDate: "2026-03-01",
  ...facts,
});

describe("rideBreakdown (product.md#statistics: derived ride breakdown)", () => {
  const rides = [
    ride({ status: "completed", participants: 12, distanceKm: 450, startDate: "2025-01-10", endDate: "2025-01-12" }),
    ride({ status: "completed", participants: 7, distanceKm: 301, startDate: "2025-06-01", endDate: "2025-06-03" }),
    ride({ status: "upcoming", participants: 30, distanceKm: 900, startDate: "2026-02-27", endDate: "2026-03-02" }),
    ride({ status: "cancelled", participants: 5, distanceKm: 100, startDate: "2025-03-01", endDate: "2025-03-01" }),
  ];

  it("counts rides by status", () => {
    expect(rideBreakdown(rides)).toMatchObject({
      totalRides: 4,
      upcomingRides: 1,
      completedRides: 2,
      cancelledRides: 1,
    });
  });

  it("sums participants and kilometres of completed rides only", () => {
    expect(rideBreakdown(rides)).toMatchObject({ totalParticipants: 19, totalKilometers: 751 });
  });

  it("rounds the averages over completed rides", () => {
    expect(rideBreakdown(rides)).toMatchObject({ averageParticipants: 10, averageDistance: 376 });
  });

  it("counts months of adventure from the earliest to the latest ride date inclusive", () => {
    expect(rideBreakdown(rides).monthsOfAdventure).toBe(15);
  });

  it("counts one month for rides within a single month", () => {
    const sameMonth = [
      ride({ startDate: "2026-03-01", endDate: "2026-03-02" }),
      ride({ startDate: "2026-03-20", endDate: "2026-03-31" }),
    ];
    expect(rideBreakdown(sameMonth).monthsOfAdventure).toBe(1);
  });

  it("uses a ride's end date and ignores invalid dates", () => {
    const rides = [
      ride({ startDate: "2026-01-31", endDate: "2026-02-01" }),
      ride({ startDate: "garbage", endDate: "" }),
    ];
    expect(rideBreakdown(rides).monthsOfAdventure).toBe(2);
  });

  it("gives at least one month when rides exist without dates", () => {
    expect(rideBreakdown([ride({ startDate: "", endDate: "" })]).monthsOfAdventure).toBe(1);
  });

  it("gives zeros with no rides", () => {
    expect(rideBreakdown([])).toEqual({
      totalRides: 0,
      upcomingRides: 0,
      completedRides: 0,
      cancelledRides: 0,
      totalParticipants: 0,
      happyRiders: 0,
      totalKilometers: 0,
      averageParticipants: 0,
      averageDistance: 0,
      monthsOfAdventure: 0,
    });
  });

  it("gives zero averages without completed rides", () => {
    expect(rideBreakdown([ride({ status: "upcoming", participants: 9, distanceKm: 90 })])).toMatchObject({
      averageParticipants: 0,
      averageDistance: 0,
    });
  });

  it("counts an invalid participant count or distance as 0 (product.md#statistics)", () => {
    const bad = [
      ride({ participants: Number.NaN, distanceKm: -5 }),
      ride({ participants: -3, distanceKm: Infinity }),
      ride({ participants: 4, distanceKm: 10 }),
    ];
    expect(rideBreakdown(bad)).toMatchObject({ totalParticipants: 4, totalKilometers: 10 });
  });
});

describe("statsFromBreakdown (product.md#statistics: stat cards)", () => {
  it("maps happy riders to completed-ride participants and kilometres to their distance", () => {
    const breakdown = rideBreakdown([
      ride({ participants: 8, distanceKm: 420, startDate: "2026-01-01", endDate: "2026-02-01" }),
    ]);
    expect(statsFromBreakdown(breakdown)).toEqual({
      completedRides: 1,
      happyRiders: 8,
      kilometersCovered: 420,
      monthsOfAdventure: 2,
    });
  });
});

describe("formatStatNumber / statWithPlus (product.md#statistics: km with thousands separators, trailing '+')", () => {
  it("groups thousands", () => {
    expect(formatStatNumber(18500)).toBe("18,500");
    expect(formatStatNumber(1234567)).toBe("1,234,567");
    expect(formatStatNumber(320)).toBe("320");
  });

  it("shows a whole, non-negative number", () => {
    expect(formatStatNumber(12.6)).toBe("13");
    expect(formatStatNumber(-4)).toBe("0");
    expect(formatStatNumber(Number.NaN)).toBe("0");
  });

  it("adds a trailing plus", () => {
    expect(statWithPlus(18500)).toBe("18,500+");
    expect(statWithPlus(0)).toBe("0+");
  });
});

describe("happy riders (product.md#statistics: distinct riders checked in)", () => {
  it("counts each person checked in once across rides, plus the participants of completed rides without check-ins", () => {
    const rides = [
      ride({ participants: 30, checkedIn: ["rider:a", "phone:+919800000001", "booking:x"] }),
      ride({ participants: 2, checkedIn: ["rider:a", "phone:+919800000001", "booking:y"] }),
      ride({ participants: 12 }),
      ride({ participants: 8, checkedIn: [] }),
      ride({ status: "upcoming", participants: 40, checkedIn: ["rider:z"] }),
    ];
    const breakdown = rideBreakdown(rides);
    expect(breakdown.happyRiders).toBe(4 + 12 + 8);
    expect(breakdown.totalParticipants).toBe(52);
    expect(statsFromBreakdown(breakdown).happyRiders).toBe(24);
  });

  it("knows a rider by their account, else their phone, else their booking", () => {
    expect(checkInKey({ riderId: "a", phone: "+91980", registrationId: "r" })).toBe("rider:a");
    expect(checkInKey({ riderId: null, phone: "+91980", registrationId: "r" })).toBe("phone:+91980");
    expect(checkInKey({ riderId: null, phone: null, registrationId: "r" })).toBe("booking:r");
  });
});
