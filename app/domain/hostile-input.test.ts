import { describe, expect, it } from "vitest";
import { configInputSchema, featuredRideInputSchema, heroSlideInputSchema } from "./content";
import { DATE_OUT_OF_RANGE } from "./fields";
import { buildIcs } from "./ics";
import { rideInputSchema } from "./ride";
import { rideBreakdown, statsFromBreakdown } from "./stats";
import { parseOrErrors } from "./validation";

// Decision 016: the inputs that got past the forms and broke a page, a header or a file.

const validRide = {
  title: "Coorg Coffee Trail",
  startDate: "2026-03-01",
  endDate: "2026-03-03",
  distance: "600 km",
  description: "Three days in the hills",
};

const rideResult = (input: Record<string, unknown>) => parseOrErrors(rideInputSchema, { ...validRide, ...input });
const rideErrors = (input: Record<string, unknown>) => {
  const result = rideResult(input);
  return result.ok ? {} : result.errors;
};
const rideData = (input: Record<string, unknown>) => {
  const result = rideResult(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
};

describe("links whose origin could rewrite the Content-Security-Policy", () => {
  const hostile = ["https://x;sandbox/", "https://a,b.example/", "https://x'y.example/", "https://a b.example/"];

  it("are refused at the ride form with the field's message", () => {
    for (const bookingFormUrl of hostile) {
      expect(rideErrors({ bookingFormUrl })).toEqual({ bookingFormUrl: "Booking form URL must be a valid URL" });
    }
  });

  it("are refused as the community form and every other link of the contact form", () => {
    const config = {
      company: {},
      socialMedia: { instagram: "https://x;sandbox/", email: "https://a,b.example/" },
      googleForm: "https://x;sandbox/",
    };
    const result = parseOrErrors(configInputSchema, config);
    expect(result.ok ? {} : result.errors).toEqual({
      googleForm: "Community form link must be a valid URL",
      "socialMedia.instagram": "Instagram link must be a valid URL",
      "socialMedia.email": "Email link must be a mailto: or http(s) link",
    });
  });

  it("leave real host names alone: international, IP addresses, ports, upper case", () => {
    for (const url of [
      "https://docs.google.com/forms/d/e/x/viewform",
      "https://münchen.example/form",
      "http://127.0.0.1:8080/form",
      "https://[::1]/form",
      "https://Forms.Example.COM/a",
    ]) {
      expect(rideErrors({ bookingFormUrl: url })).toEqual({});
    }
  });
});

describe("numbers beyond what a ride can be", () => {
  it("refuses participants past 10,000 with a message, whatever their spelling", () => {
    for (const participants of ["9007199254740993", Number.MAX_SAFE_INTEGER + 2, "1e308", 1e308, 10_001]) {
      expect(rideErrors({ participants })).toEqual({ participants: "Participants must be at most 10,000" });
    }
    expect(rideData({ participants: "10000" }).participants).toBe(10_000);
  });

  it("refuses a distance past 100,000 km with a message", () => {
    for (const distance of ["9007199254740993 km", "99999999999999999999 km", "100,001 km"]) {
      expect(rideErrors({ distance })).toEqual({ distance: "Distance must be at most 100,000 km" });
    }
    expect(rideData({ distance: "1,00,000 km" }).distance).toBe("1,00,000 km");
  });

  it("keep the statistics exact integers even when such values are already stored", () => {
    const completed = { status: "completed", startDate: "2026-01-01", endDate: "2026-01-02" };
    const stats = statsFromBreakdown(
      rideBreakdown([
        { ...completed, participants: 1e308, distanceKm: 1e20 },
        { ...completed, participants: 12, distanceKm: 450 },
      ]),
    );
    expect(stats).toEqual({ completedRides: 2, happyRiders: 10_012, kilometersCovered: 100_450, monthsOfAdventure: 1 });
  });
});

describe("dates beyond the supported years", () => {
  it("are refused at the form with a message", () => {
    expect(rideErrors({ endDate: "9999-12-31" })).toEqual({ endDate: DATE_OUT_OF_RANGE });
    expect(rideErrors({ startDate: "1999-12-31" })).toEqual({ startDate: DATE_OUT_OF_RANGE });
    expect(rideErrors({ lastBookingDate: "2101-01-01" })).toEqual({ lastBookingDate: DATE_OUT_OF_RANGE });
    expect(rideData({ startDate: "2000-01-01", endDate: "2100-12-31" }).endDate).toBe("2100-12-31");
  });

  it("never reach a calendar file as a year of more than four digits", () => {
    const event = { uid: "r@x", summary: "S", description: "", url: "https://x.example/", stamp: new Date(0) };
    const farEnd = buildIcs({ ...event, startDate: "2026-03-01", endDate: "9999-12-31" }, "-//x//EN")!;
    expect(farEnd).toContain("DTEND;VALUE=DATE:20260302\r\n");
    expect(buildIcs({ ...event, startDate: "9999-12-31", endDate: "9999-12-31" }, "-//x//EN")).toBeNull();
    const lastDay = buildIcs({ ...event, startDate: "2100-12-30", endDate: "2100-12-31" }, "-//x//EN")!;
    expect(lastDay).toContain("DTEND;VALUE=DATE:21010101\r\n");
  });
});

describe("text that is not well-formed or carries control characters", () => {
  it("is made well-formed: a lone surrogate becomes the replacement character", () => {
    expect(rideData({ title: "x\ud800y\udfff" }).title).toBe("x\ufffdy\ufffd");
    expect(rideData({ highlights: ["a\udc00"] }).highlights).toEqual(["a\ufffd"]);
  });

  it("is stored in its composed form (NFC)", () => {
    expect(rideData({ title: "Cafe\u0301 ride" }).title).toBe("Café ride");
    // Found by the property test: composed after the control character between them is gone.
    expect(rideData({ title: "E\u0000\u0301" }).title).toBe("\u00c9");
  });

  it("loses its control characters; a single-line field its line breaks, a multi-line one keeps them", () => {
    const ride = rideData({
      title: "Spiti\u0000 \u001b[31mloop\r\nride\u2028",
      description: "Day one\r\nDay\ttwo\u0007\n\nDay three",
      itinerary: [{ day: 1, title: "A\nB", description: "line 1\rline 2", activities: ["x\u0085y"] }],
    });
    expect(ride.title).toBe("Spiti [31mloop ride");
    expect(ride.description).toBe("Day one\nDay two\n\nDay three");
    expect(ride.itinerary[0]).toMatchObject({ title: "A B", description: "line 1\nline 2", activities: ["xy"] });
  });

  it("is cleaned in hero slides, the featured ride and links too", () => {
    const slide = heroSlideInputSchema.parse({
      title: "T\ud800",
      subtitle: "S",
      tagline: "G",
      cta: "C",
      background: "/images/a.webp",
    });
    expect(slide.title).toBe("T\ufffd");
    const featured = featuredRideInputSchema.parse({
      title: "B",
      subtitle: "R",
      description: "one\r\ntwo\u0000",
      ctaLink: "/ride/x\u0000",
    });
    expect(featured).toMatchObject({ description: "one\ntwo", ctaLink: "/ride/x" });
  });
});
