import { describe, expect, it } from "vitest";
import { rideInputSchema } from "../ride";
import { parseOrErrors } from "../validation";
import { EXTERNAL_REGISTRATION, registrationSettingsSchema } from "./settings";

describe("registration settings", () => {
  it("default to the external booking form, with a solo option and a waitlist", () => {
    expect(EXTERNAL_REGISTRATION).toEqual({
      mode: "external",
      seats: 0,
      options: {
        solo: { offered: true, price: "" },
        pillion: { offered: false, price: "" },
        rental: { offered: false, price: "" },
      },
      waitlist: true,
      askLicence: false,
      creditOnCancel: true,
      balanceDueDays: 7,
    });
  });

  it("read a form's seats, flags and option prices", () => {
    expect(
      registrationSettingsSchema.parse({
        mode: "site",
        seats: " 12 ",
        options: { pillion: { offered: "on", price: " ₹9,000 " }, rental: { offered: "off" } },
        waitlist: "false",
        askLicence: "on",
      }),
    ).toEqual({
      mode: "site",
      seats: 12,
      options: {
        solo: { offered: true, price: "" },
        pillion: { offered: true, price: "₹9,000" },
        rental: { offered: false, price: "" },
      },
      waitlist: false,
      askLicence: true,
      creditOnCancel: true,
      balanceDueDays: 7,
    });
  });

  it("refuse seats that are not a whole number within bounds, with one message", () => {
    const message = "Seats must be a whole number from 1 to 10,000";
    for (const seats of [-1, 2.5, 10_001, "12 seats", "1e3", Number.NaN, "99999999999"]) {
      expect(parseOrErrors(registrationSettingsSchema, { seats })).toEqual({ ok: false, errors: { seats: message } });
    }
  });

  it("on this site need at least one seat and one option", () => {
    expect(parseOrErrors(registrationSettingsSchema, { mode: "site", options: { solo: { offered: false } } })).toEqual({
      ok: false,
      errors: { seats: "Seats must be a whole number from 1 to 10,000", options: "Offer at least one option" },
    });
    expect(parseOrErrors(registrationSettingsSchema, { mode: "closed" }).ok).toBe(true);
  });

  it("refuse an unknown mode and an overlong price", () => {
    expect(
      parseOrErrors(registrationSettingsSchema, { mode: "whatsapp", options: { solo: { price: "₹".repeat(101) } } }),
    ).toEqual({
      ok: false,
      errors: {
        mode: "Registration must be the external form, on this site or closed",
        "options.solo.price": "Price must be at most 100 characters",
      },
    });
  });

  it("are optional on a ride: a ride saved without them has none, one with them is checked", () => {
    const base = {
      title: "Spiti",
      startDate: "2027-06-10",
      endDate: "2027-06-18",
      distance: "1,250 km",
      description: "Cold desert",
    };
    const without = parseOrErrors(rideInputSchema, base);
    expect(without.ok && without.data.registration).toBeUndefined();
    expect(parseOrErrors(rideInputSchema, { ...base, registration: { mode: "site", seats: 0 } })).toEqual({
      ok: false,
      errors: { "registration.seats": "Seats must be a whole number from 1 to 10,000" },
    });
  });
});

describe("a ride's reminder settings", () => {
  it("read the form's switches, days and extra text, and refuse days out of range", () => {
    expect(
      registrationSettingsSchema.parse({ reminders: { week: { on: "off", daysBefore: "5" }, extra: " Fuel up " } })
        .reminders,
    ).toEqual({ week: { on: false, daysBefore: 5 }, eve: { on: true, daysBefore: 1 }, extra: "Fuel up" });
    const refused = parseOrErrors(registrationSettingsSchema, { reminders: { eve: { daysBefore: "0" } } });
    expect(refused).toEqual({
      ok: false,
      errors: { "reminders.eve.daysBefore": "Days before must be a whole number from 1 to 60" },
    });
  });
});

describe("a ride's GST rate and SAC", () => {
  const rateOf = (gstRate: string) => registrationSettingsSchema.safeParse({ gstRate });

  it("takes a percent from 0 to 40 with at most two decimals, empty for the organiser's", () => {
    for (const rate of ["5", "2.5", "18", "0", "40", "40.00", "39.99"]) {
      expect(rateOf(rate)).toMatchObject({ success: true, data: { gstRate: rate } });
    }
    expect(rateOf(" ")).toMatchObject({ success: true, data: { gstRate: undefined } });
  });

  it("refuses a rate above 40, a negative one or more than two decimals, with the reason", () => {
    for (const rate of ["40.5", "41", "-5", "5.125", "100", "5%"]) {
      const parsed = rateOf(rate);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("A GST rate in percent, 0 to 40, at most two decimals");
    }
  });

  it("takes a SAC of 4 to 8 digits", () => {
    expect(registrationSettingsSchema.safeParse({ sac: "998555" })).toMatchObject({ data: { sac: "998555" } });
    expect(registrationSettingsSchema.safeParse({ sac: "99-8555" }).success).toBe(false);
  });
});
