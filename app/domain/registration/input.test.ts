import { describe, expect, it } from "vitest";
import { contactUpdateSchema, normalisePhone, registrationInputSchema, utrSchema } from "./input";
import { registrationSettingsSchema } from "./settings";
import { parseOrErrors } from "../validation";

const settings = registrationSettingsSchema.parse({
  mode: "site",
  seats: 20,
  options: { solo: { offered: true }, pillion: { offered: true }, rental: { offered: true } },
});
const schema = registrationInputSchema(settings);

const valid = {
  name: "Asha Rao",
  mobile: "98765 43210",
  email: "asha@example.com",
  emergencyName: "Ravi Rao",
  emergencyPhone: "+91 91234 56789",
  bloodGroup: "B+",
  option: "solo",
  bikeModel: "Royal Enfield Himalayan",
  acknowledgeCarry: "on",
  acknowledgePolicy: "on",
  consent: "on",
  website: "",
};

const errors = (input: Record<string, unknown>, against = schema) => {
  const result = parseOrErrors(against, input);
  return result.ok ? {} : result.errors;
};

describe("normalisePhone", () => {
  it("reads an Indian mobile number without a country code, and any country's with one, as E.164", () => {
    expect(normalisePhone("98765 43210")).toBe("+919876543210");
    expect(normalisePhone("098765-43210")).toBe("+919876543210");
    expect(normalisePhone("+91 98765 43210")).toBe("+919876543210");
    expect(normalisePhone("+44 7911 123456")).toBe("+447911123456");
  });

  it("refuses numbers that are not mobile numbers, and overlong input", () => {
    for (const value of ["12345", "+91 98765 4321", "+91 12345 67890", "020 2612 3456", "9".repeat(40), ""]) {
      expect(normalisePhone(value)).toBeNull();
    }
  });
});

describe("registrationInputSchema", () => {
  it("gives clean, normalised details; fields it does not know are dropped", () => {
    const result = parseOrErrors(schema, { ...valid, name: "  Asha\u0000 Rao\n", status: "confirmed", seats: 99 });
    expect(result).toEqual({
      ok: true,
      data: {
        name: "Asha Rao",
        mobile: "+919876543210",
        email: "asha@example.com",
        emergencyName: "Ravi Rao",
        emergencyPhone: "+919123456789",
        bloodGroup: "B+",
        option: "solo",
        bikeModel: "Royal Enfield Himalayan",
        pillionName: "",
        licenceNumber: "",
        acknowledgeCarry: true,
        acknowledgePolicy: true,
        consent: true,
      },
    });
  });

  it("has a message for every missing field, all at once", () => {
    expect(errors({})).toEqual({
      name: "Name is required",
      mobile: "Enter a valid mobile number (+91 is assumed without a country code)",
      emergencyName: "Emergency contact name is required",
      emergencyPhone: "Enter a valid mobile number for the emergency contact",
      bloodGroup: "Choose a blood group, or “Don't know”",
      option: "Choose one of the ride's options",
      acknowledgeCarry: "Confirm that you will carry the mandatory items",
      acknowledgePolicy: "Accept the cancellation policy",
      consent: "Agree to the use of your details for this ride",
    });
  });

  it("bounds every text and refuses a bad email", () => {
    expect(errors({ ...valid, name: "x".repeat(101), bikeModel: "y".repeat(101), email: "asha@" })).toEqual({
      name: "Name must be at most 100 characters",
      bikeModel: "Bike model must be at most 100 characters",
      email: "Email must be a valid email address",
    });
    expect(errors({ ...valid, email: `${"a".repeat(250)}@example.com` })).toEqual({
      email: "Email must be a valid email address",
    });
  });

  it("needs a bike model for an own bike, a pillion's name for a pillion, neither for a rental", () => {
    expect(errors({ ...valid, bikeModel: "", name: "" })).toEqual({
      name: "Name is required",
      bikeModel: "Bike model is required when you ride your own bike",
    });
    expect(errors({ ...valid, option: "pillion" })).toEqual({ pillionName: "Pillion's name is required" });
    const rental = parseOrErrors(schema, { ...valid, option: "rental", pillionName: "Someone" });
    expect(rental.ok && [rental.data.bikeModel, rental.data.pillionName]).toEqual(["", ""]);
  });

  it("offers only the ride's options", () => {
    const soloOnly = registrationInputSchema(registrationSettingsSchema.parse({ mode: "site", seats: 5 }));
    expect(errors({ ...valid, option: "rental" }, soloOnly)).toEqual({ option: "Choose one of the ride's options" });
  });

  it("asks for the driving licence only when the ride does", () => {
    const asking = registrationInputSchema(
      registrationSettingsSchema.parse({ mode: "site", seats: 5, askLicence: true }),
    );
    expect(errors(valid, asking)).toEqual({ licenceNumber: "Driving licence number is required" });
    expect(errors({ ...valid, licenceNumber: "MH12<script>" }, asking)).toEqual({
      licenceNumber: "Driving licence number may hold only letters, digits, spaces, '-' and '/'",
    });
    const result = parseOrErrors(asking, { ...valid, licenceNumber: " mh12 20110012345 " });
    expect(result.ok && result.data.licenceNumber).toBe("MH12 20110012345");
    const ignored = parseOrErrors(schema, { ...valid, licenceNumber: "MH12 20110012345" });
    expect(ignored.ok && ignored.data.licenceNumber).toBe("");
  });

  it("refuses an emergency number that is the rider's own", () => {
    expect(errors({ ...valid, emergencyPhone: "+919876543210", name: "" })).toEqual({
      name: "Name is required",
      emergencyPhone: "The emergency contact needs a number other than yours",
    });
  });

  it("refuses unticked acknowledgements and consent, and a filled honeypot", () => {
    expect(errors({ ...valid, acknowledgeCarry: "off", consent: false, website: "http://spam.example" })).toEqual({
      acknowledgeCarry: "Confirm that you will carry the mandatory items",
      consent: "Agree to the use of your details for this ride",
      website: "Leave this field empty",
    });
  });

  it("refuses input that is not an object with one message", () => {
    expect(errors(null as unknown as Record<string, unknown>)).toEqual({ "": expect.any(String) });
  });
});

describe("contactUpdateSchema", () => {
  it("takes the contact details only", () => {
    expect(contactUpdateSchema.parse({ ...valid, mobile: "+44 7911 123456" })).toEqual({
      name: "Asha Rao",
      mobile: "+447911123456",
      email: "asha@example.com",
      emergencyName: "Ravi Rao",
      emergencyPhone: "+919123456789",
    });
  });
});

describe("utrSchema", () => {
  it("takes the 12-digit UPI transaction id, spaces and dashes aside", () => {
    expect(utrSchema.parse(" 4123 5678-9012 ")).toBe("412356789012");
    for (const value of ["41235678901", "4123567890123", "ABCDEFGHIJKL", 412356789012, "1".repeat(100)]) {
      expect(utrSchema.safeParse(value).success).toBe(false);
    }
  });
});
