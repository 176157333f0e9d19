import { EXTERNAL_REGISTRATION } from "~/domain/registration/settings";
import { describe, expect, it } from "vitest";
import { configInputSchema } from "./content";
import {
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_CARRY_MANDATORY,
  DEFAULT_CARRY_SUGGESTED,
  DEFAULT_EXCLUDED,
  DEFAULT_HIGHLIGHTS,
  DEFAULT_INCLUDED,
  DEFAULT_PAYMENT_TERMS,
  FALLBACK_CONFIG,
  policyPoints,
  rideForDisplay,
} from "./defaults";
import type { Ride } from "./ride";
import { emptyRideDetails } from "./ride-values";

const emptyRide: Ride = {
  id: "r1",
  title: "Coorg Coffee Trail",
  startDate: "2026-03-01",
  endDate: "2026-03-03",
  image: "",
  description: "Three days in the hills",
  distance: "600 km",
  participants: 0,
  status: "upcoming",
  ...emptyRideDetails(),
  duration: "3D 2N",
  order: 0,
  price: "",
  thingsToCarry: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  version: 1,
};

describe("default policies (product.md#display-defaults)", () => {
  it("states the cancellation policy: no cancellation, credit for a future trip, no refund", () => {
    expect(DEFAULT_CANCELLATION_POLICY.join(" ")).toMatch(/cannot be cancelled.*future trip.*No refund/);
  });

  it("states the payment terms: booking amount confirms, remainder before start, UPI/bank/cash", () => {
    expect(DEFAULT_PAYMENT_TERMS.join(" ")).toMatch(
      /booking amount confirms.*before the trip starts.*UPI, bank transfer or cash/,
    );
  });
});

describe("FALLBACK_CONFIG (product.md#public-fallbacks: fallback config)", () => {
  it("passes the config schema, with https social links", () => {
    expect(configInputSchema.parse(FALLBACK_CONFIG)).toEqual(FALLBACK_CONFIG);
    for (const link of [
      FALLBACK_CONFIG.socialMedia.instagram,
      FALLBACK_CONFIG.socialMedia.youtube,
      FALLBACK_CONFIG.socialMedia.whatsapp,
      FALLBACK_CONFIG.googleForm,
    ]) {
      expect(link).toMatch(/^https:\/\//);
    }
  });
});

describe("policyPoints", () => {
  it("splits a policy text into its non-blank lines", () => {
    expect(policyPoints("First point.\r\n\n  Second point.  \n")).toEqual(["First point.", "Second point."]);
    expect(policyPoints("")).toEqual([]);
  });
});

describe("rideForDisplay (product.md#display-defaults: defaults when data is missing)", () => {
  it("fills every empty display field with its default", () => {
    const shown = rideForDisplay(emptyRide);
    expect(shown).toMatchObject({
      vehicleType: "Bike/Car",
      maxParticipants: "15-20",
      highlights: DEFAULT_HIGHLIGHTS,
      included: DEFAULT_INCLUDED,
      excluded: DEFAULT_EXCLUDED,
      thingsToCarryMandatory: DEFAULT_CARRY_MANDATORY,
      thingsToCarrySuggested: DEFAULT_CARRY_SUGGESTED,
    });
    expect(policyPoints(shown.cancellationPolicy)).toEqual(DEFAULT_CANCELLATION_POLICY);
    expect(policyPoints(shown.paymentTerms)).toEqual(DEFAULT_PAYMENT_TERMS);
  });

  it("shows no default cancellation words beside a ride's own cancellation rules", () => {
    const cancellation = { tiers: [{ daysBefore: 7, keepPercent: 50 }], feePaise: 0, bookingAmountKept: false };
    const registration = { ...EXTERNAL_REGISTRATION, cancellation };
    expect(rideForDisplay({ ...emptyRide, registration }).cancellationPolicy).toBe("");
  });

  it("keeps what the admin wrote", () => {
    const ride: Ride = {
      ...emptyRide,
      vehicleType: "Bike",
      maxParticipants: "10-12",
      highlights: ["Sunrise at the peak"],
      included: ["Stay"],
      excluded: ["Fuel"],
      thingsToCarryMandatory: ["Helmet"],
      thingsToCarrySuggested: ["Gloves"],
      cancellationPolicy: "Full refund up to 7 days before.",
      paymentTerms: "Pay in full at booking.",
    };
    expect(rideForDisplay(ride)).toEqual(ride);
  });

  it("splits a legacy carry list before applying defaults", () => {
    const shown = rideForDisplay({ ...emptyRide, thingsToCarry: ["Helmet", "Gloves", "Boots"] });
    expect(shown.thingsToCarryMandatory).toEqual(["Helmet", "Gloves"]);
    expect(shown.thingsToCarrySuggested).toEqual(["Boots"]);
  });

  it("applies defaults field by field", () => {
    const shown = rideForDisplay({ ...emptyRide, thingsToCarryMandatory: ["Helmet"] });
    expect(shown.thingsToCarryMandatory).toEqual(["Helmet"]);
    expect(shown.thingsToCarrySuggested).toEqual(DEFAULT_CARRY_SUGGESTED);
  });

  it("never mutates the ride, and its lists are not the shared defaults", () => {
    const ride = structuredClone(emptyRide);
    const shown = rideForDisplay(ride);
    expect(ride).toEqual(emptyRide);
    shown.highlights.push("changed");
    expect(DEFAULT_HIGHLIGHTS).not.toContain("changed");
  });
});
