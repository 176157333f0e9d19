import { describe, expect, it } from "vitest";
import { registrationSettingsSchema } from "./settings";
import {
  notEnoughSeats,
  registrationAvailability,
  registrationCutoff,
  seatsText,
  type Availability,
} from "./availability";

const site = (overrides: Record<string, unknown> = {}) =>
  registrationSettingsSchema.parse({ mode: "site", seats: 20, ...overrides });

const ride = (overrides: Record<string, unknown> = {}) => ({
  status: "upcoming",
  startDate: "2027-06-10",
  lastBookingDate: "2027-06-01",
  registration: site(),
  ...overrides,
});

const BEFORE_CUTOFF = new Date("2027-05-20T00:00:00Z");

describe("registration cut-off", () => {
  it("is the end of the last booking date in India (18:30 UTC), whatever the server's time zone", () => {
    expect(registrationCutoff({ startDate: "2027-06-10", lastBookingDate: "2027-06-01" })?.toISOString()).toBe(
      "2027-06-01T18:30:00.000Z",
    );
  });

  it("without a last booking date is the start of the ride's first day in India", () => {
    expect(registrationCutoff({ startDate: "2027-06-10", lastBookingDate: "" })?.toISOString()).toBe(
      "2027-06-09T18:30:00.000Z",
    );
  });

  it("closes registration from that instant on", () => {
    const lastMinute = new Date("2027-06-01T18:29:59.999Z");
    const closing = new Date("2027-06-01T18:30:00.000Z");
    expect(registrationAvailability(ride(), 0, lastMinute)).toEqual({ state: "open", seatsLeft: 20 });
    expect(registrationAvailability(ride(), 0, closing)).toEqual({ state: "closed", reason: "cutoff" });
  });
});

describe("registration availability and seats text", () => {
  const text = (availability: Availability) => seatsText(availability);

  it("keeps the product's external form for a ride without settings: no seats text", () => {
    const legacy = { status: "upcoming", startDate: "2027-06-10", lastBookingDate: "" };
    expect(registrationAvailability(legacy, 0, BEFORE_CUTOFF)).toEqual({ state: "external" });
    expect(text({ state: "external" })).toBeNull();
  });

  it("counts seats left, saying 'Only' at 3 or fewer", () => {
    expect(text(registrationAvailability(ride(), 8, BEFORE_CUTOFF))).toBe("12 seats left");
    expect(text(registrationAvailability(ride(), 16, BEFORE_CUTOFF))).toBe("4 seats left");
    expect(text(registrationAvailability(ride(), 17, BEFORE_CUTOFF))).toBe("Only 3 seats left");
    expect(text(registrationAvailability(ride(), 18, BEFORE_CUTOFF))).toBe("Only 2 seats left");
    expect(text(registrationAvailability(ride(), 19, BEFORE_CUTOFF))).toBe("Only 1 seat left");
  });

  it("when full offers the waitlist, or closes without one", () => {
    expect(registrationAvailability(ride(), 20, BEFORE_CUTOFF)).toEqual({ state: "waitlist", seatsLeft: 0 });
    expect(text(registrationAvailability(ride(), 20, BEFORE_CUTOFF))).toBe("Full — join the waitlist");
    const noWaitlist = ride({ registration: site({ waitlist: false }) });
    expect(registrationAvailability(noWaitlist, 20, BEFORE_CUTOFF)).toEqual({ state: "closed", reason: "full" });
    expect(text(registrationAvailability(noWaitlist, 20, BEFORE_CUTOFF))).toBe("Registration closed");
  });

  it("never shows fewer than zero seats when the capacity was lowered below the seats booked", () => {
    expect(
      registrationAvailability(ride({ registration: site({ seats: 5, waitlist: false }) }), 8, BEFORE_CUTOFF),
    ).toEqual({
      state: "closed",
      reason: "full",
    });
  });

  it("is closed for closed registration, completed and cancelled rides", () => {
    expect(registrationAvailability(ride({ registration: site({ mode: "closed" }) }), 0, BEFORE_CUTOFF)).toEqual({
      state: "closed",
      reason: "closed",
    });
    for (const status of ["completed", "cancelled"] as const) {
      expect(registrationAvailability(ride({ status }), 0, BEFORE_CUTOFF)).toEqual({ state: "closed", reason: status });
    }
  });

  it("explains why a rider with a pillion does not fit", () => {
    expect(notEnoughSeats(1, "pillion")).toBe("Only 1 seat left: a rider with a pillion needs 2.");
  });
});
