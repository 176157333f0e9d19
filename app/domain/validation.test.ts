import { describe, expect, it } from "vitest";
import { z } from "zod";
import { configInputSchema, featuredRideInputSchema, heroSlideInputSchema, loginSchema } from "./content";
import { DIFFICULTIES, rideInputSchema } from "./ride";
import { emptyRideDetails } from "./ride-values";
import { fieldErrors, parseOrErrors } from "./validation";

const validRide = {
  title: "Coorg Coffee Trail",
  startDate: "2026-03-01",
  endDate: "2026-03-03",
  distance: "600 km",
  description: "Three days in the hills",
};

const rideErrors = (input: Record<string, unknown>) => {
  const result = parseOrErrors(rideInputSchema, input);
  return result.ok ? {} : result.errors;
};
const rideData = (input: Record<string, unknown>) => {
  const result = parseOrErrors(rideInputSchema, { ...validRide, ...input });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
};

describe("rideInputSchema (product.md#ride-validation)", () => {
  it("accepts a ride with its required fields, with the defaults of product.md#new-rides", () => {
    expect(rideData({})).toMatchObject({
      ...validRide,
      status: "upcoming",
      participants: 0,
      featured: false,
      highlights: [],
    });
  });

  it("fills every optional field a form leaves out as emptyRideDetails does", () => {
    expect(rideData({})).toEqual({
      ...validRide,
      image: "",
      status: "upcoming",
      participants: 0,
      ...emptyRideDetails(),
    });
  });

  it("requires title, start date, end date, distance and description", () => {
    expect(rideErrors({})).toEqual({
      title: "Title is required",
      startDate: "Start date is required",
      endDate: "End date is required",
      distance: "Distance is required",
      description: "Description is required",
    });
  });

  it("treats blank text as missing", () => {
    expect(rideErrors({ ...validRide, title: "   ", description: "" })).toEqual({
      title: "Title is required",
      description: "Description is required",
    });
  });

  it("refuses a day that does not exist", () => {
    expect(rideErrors({ ...validRide, startDate: "2026-02-30" })).toEqual({ startDate: "Start date is required" });
  });

  it("refuses an end date before the start date", () => {
    expect(rideErrors({ ...validRide, startDate: "2026-03-05", endDate: "2026-03-04" })).toEqual({
      endDate: "End date cannot be before start date",
    });
  });

  it("reports the end-before-start error together with other fields' errors", () => {
    expect(rideErrors({ ...validRide, title: "", startDate: "2026-03-05", endDate: "2026-03-04" })).toEqual({
      title: "Title is required",
      endDate: "End date cannot be before start date",
    });
  });

  it("accepts a one-day ride and a past ride (product.md#ride-status: completed rides may be added)", () => {
    expect(rideData({ startDate: "2019-06-01", endDate: "2019-06-01", status: "completed" }).status).toBe("completed");
  });

  it.each([
    ["12", 12],
    [12, 12],
    [2.7, 2],
    [-3, 0],
    ["-3", 0],
    ["abc", 0],
    ["", 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    [{}, 0],
  ])("coerces participants %j to %i", (participants, expected) => {
    expect(rideData({ participants }).participants).toBe(expected);
  });

  it.each(["bookingFormUrl", "youtubeUrl", "instagramUrl", "image"])(
    "%s accepts http and https URLs and empty",
    (field) => {
      expect(rideData({ [field]: "https://example.com/a?b=c" })[field as "image"]).toBe("https://example.com/a?b=c");
      expect(rideData({ [field]: "http://example.com" })[field as "image"]).toBe("http://example.com");
      expect(rideData({ [field]: "" })[field as "image"]).toBe("");
    },
  );

  it.each(["bookingFormUrl", "youtubeUrl", "instagramUrl", "image"])(
    "%s refuses javascript:, data:, ftp: and plain text",
    (field) => {
      for (const value of [
        "javascript:alert(1)",
        "JAVASCRIPT:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "ftp://example.com/x",
        "not a url",
      ]) {
        expect(Object.keys(rideErrors({ ...validRide, [field]: value }))).toEqual([field]);
      }
    },
  );

  it("takes a WhatsApp group's invite link, or nothing, and refuses any other link with a clear message", () => {
    const link = "https://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv";
    expect(rideData({ whatsappGroupUrl: ` ${link} ` }).whatsappGroupUrl).toBe(link);
    expect(rideData({ whatsappGroupUrl: "" }).whatsappGroupUrl).toBe("");
    expect(rideData({}).whatsappGroupUrl).toBe("");
    for (const value of [
      "http://chat.whatsapp.com/AbCdEfGhIjKlMnOpQrStUv",
      "https://chat.whatsapp.com.evil.example/AbCdEfGhIjKl",
      "https://wa.me/919876543210",
      "https://chat.whatsapp.com/",
      "javascript:alert(1)",
      "not a link",
    ]) {
      expect(rideErrors({ ...validRide, whatsappGroupUrl: value })).toEqual({
        whatsappGroupUrl:
          "WhatsApp group link must be a group invite link, like https://chat.whatsapp.com/AbCdEf123456",
      });
    }
  });

  it("accepts an uploaded image path but not one climbing out of /images/", () => {
    expect(rideData({ image: "/images/1700000000_ride.webp" }).image).toBe("/images/1700000000_ride.webp");
    expect(rideErrors({ ...validRide, image: "/images/../data/db.sqlite" })).toEqual({
      image: "Image must be a valid URL",
    });
    expect(rideErrors({ ...validRide, image: "/etc/passwd" })).toEqual({ image: "Image must be a valid URL" });
  });

  it("strips an id in incoming data (product.md#content-model: any id in data is ignored)", () => {
    expect(rideData({ id: "attacker-chosen", createdAt: "2000-01-01", duration: "99D" })).not.toHaveProperty("id");
    expect(rideData({ id: "x" })).not.toHaveProperty("createdAt");
  });

  it("offers the difficulty options Easy, Moderate, Challenging, Difficult (product.md#content-model)", () => {
    for (const difficulty of DIFFICULTIES) expect(rideData({ difficulty }).difficulty).toBe(difficulty);
    expect(rideData({}).difficulty).toBe("");
    expect(Object.keys(rideErrors({ ...validRide, difficulty: "Extreme" }))).toEqual(["difficulty"]);
  });

  it("accepts the three statuses only (product.md#ride-status)", () => {
    for (const status of ["upcoming", "completed", "cancelled"]) expect(rideData({ status }).status).toBe(status);
    expect(rideErrors({ ...validRide, status: "archived" })).toEqual({
      status: "Status must be upcoming, completed or cancelled",
    });
  });

  it("reads the featured flag from JSON and from a form post", () => {
    expect(rideData({ featured: true }).featured).toBe(true);
    expect(rideData({ featured: "on" }).featured).toBe(true);
    expect(rideData({ featured: "false" }).featured).toBe(false);
    expect(rideData({ featured: 0 }).featured).toBe(false);
  });

  it("drops blank list items and keeps itinerary days", () => {
    const ride = rideData({
      highlights: ["Sunrise", " ", ""],
      itinerary: [{ day: "1", title: "Ride out", activities: ["Breakfast", ""] }],
    });
    expect(ride.highlights).toEqual(["Sunrise"]);
    expect(ride.itinerary).toEqual([
      { day: 1, title: "Ride out", description: "", distance: "", activities: ["Breakfast"] },
    ]);
  });

  it("refuses an itinerary day numbered below 1", () => {
    expect(Object.keys(rideErrors({ ...validRide, itinerary: [{ day: 0 }] }))).toEqual(["itinerary.0.day"]);
  });
});

describe("heroSlideInputSchema (product.md#admin-hero)", () => {
  const slide = {
    title: "Ride the Ghats",
    subtitle: "Weekend escapes",
    tagline: "Since 2019",
    cta: "Explore",
    background: "https://example.com/bg.jpg",
  };

  it("requires title, subtitle, tagline, cta and background", () => {
    const result = parseOrErrors(heroSlideInputSchema, {});
    expect(result).toEqual({
      ok: false,
      errors: {
        title: "Title is required",
        subtitle: "Subtitle is required",
        tagline: "Tagline is required",
        cta: "Button text is required",
        background: "Background must be a valid URL",
      },
    });
  });

  it("requires the background to be a URL", () => {
    expect(parseOrErrors(heroSlideInputSchema, { ...slide, background: "javascript:alert(1)" })).toEqual({
      ok: false,
      errors: { background: "Background must be a valid URL" },
    });
  });

  it("is active by default (product.md#admin-hero), and can be switched off from a form", () => {
    expect(heroSlideInputSchema.parse(slide).isActive).toBe(true);
    expect(heroSlideInputSchema.parse({ ...slide, isActive: "false" }).isActive).toBe(false);
    expect(heroSlideInputSchema.parse({ ...slide, isActive: false }).isActive).toBe(false);
  });
});

describe("featuredRideInputSchema (product.md#admin-featured)", () => {
  const featured = {
    title: "This Month",
    subtitle: "Spiti Valley Expedition",
    description: "Ten days in the high desert",
  };

  it("requires banner title, ride title and description", () => {
    const result = parseOrErrors(featuredRideInputSchema, {});
    expect(result.ok ? {} : result.errors).toEqual({
      title: "Banner title is required",
      subtitle: "Ride title is required",
      description: "Description is required",
    });
  });

  it("defaults the button text to 'Know More' and isActive to true (product.md#admin-featured)", () => {
    expect(featuredRideInputSchema.parse(featured)).toMatchObject({
      ctaText: "Know More",
      isActive: true,
      ctaLink: "",
    });
  });

  it("requires button text when given blank", () => {
    const result = parseOrErrors(featuredRideInputSchema, { ...featured, ctaText: " " });
    expect(result.ok ? {} : result.errors).toEqual({ ctaText: "Button text is required" });
  });

  it.each(["/ride/abc123", "/contact", "/", "https://example.com/spiti", "http://example.com", ""])(
    "accepts the button link %j",
    (ctaLink) => {
      expect(featuredRideInputSchema.parse({ ...featured, ctaLink }).ctaLink).toBe(ctaLink);
    },
  );

  it.each([
    "javascript:alert(1)",
    "data:text/html,x",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "ride/abc",
    "ftp://example.com",
  ])("refuses the button link %j", (ctaLink) => {
    const result = parseOrErrors(featuredRideInputSchema, { ...featured, ctaLink });
    expect(result.ok ? {} : result.errors).toEqual({ ctaLink: "Button link must be a valid URL" });
  });
});

describe("configInputSchema (product.md#admin-contact)", () => {
  const config = {
    company: {
      name: "Roadbook Riders",
      email: "hello@example.com",
      phone: "+91 98765 43210",
      location: "Pune",
      businessHours: "Mon-Sat 9 AM-6 PM",
    },
    socialMedia: {
      instagram: "https://instagram.com/x",
      youtube: "",
      whatsapp: "https://wa.me/919876543210",
      email: "mailto:hello@example.com",
    },
    googleForm: "https://forms.gle/abc",
  };

  it("accepts a complete configuration", () => {
    expect(configInputSchema.parse(config)).toEqual(config);
  });

  it("requires the email field to be an email", () => {
    const result = parseOrErrors(configInputSchema, {
      ...config,
      company: { ...config.company, email: "not-an-email" },
    });
    expect(result.ok ? {} : result.errors).toEqual({ "company.email": "Please enter a valid email address" });
  });

  it("requires social fields to be http(s) URLs", () => {
    const result = parseOrErrors(configInputSchema, {
      ...config,
      socialMedia: { ...config.socialMedia, instagram: "javascript:alert(1)", youtube: "ftp://x.example" },
      googleForm: "data:text/html,x",
    });
    expect(result.ok ? {} : result.errors).toEqual({
      "socialMedia.instagram": "Instagram link must be a valid URL",
      "socialMedia.youtube": "YouTube link must be a valid URL",
      googleForm: "Community form link must be a valid URL",
    });
  });

  it("accepts a mailto: or http(s) email link and refuses other schemes", () => {
    const withEmailLink = (email: string) =>
      parseOrErrors(configInputSchema, { ...config, socialMedia: { ...config.socialMedia, email } });
    expect(withEmailLink("https://example.com/contact").ok).toBe(true);
    expect(withEmailLink("javascript:alert(1)")).toEqual({
      ok: false,
      errors: { "socialMedia.email": "Email link must be a mailto: or http(s) link" },
    });
  });
});

describe("loginSchema (product.md#admin-access)", () => {
  it("requires email and password", () => {
    const result = parseOrErrors(loginSchema, { email: "", password: "" });
    expect(result.ok ? {} : result.errors).toEqual({ email: "Email is required", password: "Password is required" });
    const missing = parseOrErrors(loginSchema, {});
    expect(missing.ok ? {} : missing.errors).toEqual({ email: "Email is required", password: "Password is required" });
  });

  it("requires a valid email", () => {
    const result = parseOrErrors(loginSchema, { email: "admin", password: "secret" });
    expect(result.ok ? {} : result.errors).toEqual({ email: "Please enter a valid email address" });
  });

  it("accepts credentials, trimming the email", () => {
    expect(loginSchema.parse({ email: " admin@example.com ", password: " pass " })).toEqual({
      email: "admin@example.com",
      password: " pass ",
    });
  });
});

describe("fieldErrors / parseOrErrors", () => {
  const schema = z.object({
    name: z
      .string()
      .min(3, "Too short")
      .regex(/^[a-z]+$/, "Lower case only"),
    items: z.array(z.object({ n: z.number("Need a number") })),
  });

  it("keys messages by dotted path and keeps the first message of a field", () => {
    const result = schema.safeParse({ name: "A", items: [{ n: 1 }, { n: "x" }] });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ name: "Too short", "items.1.n": "Need a number" });
  });

  it("keys an error about the whole input by ''", () => {
    const result = schema.safeParse("not an object");
    expect(Object.keys(fieldErrors(result.error!))).toEqual([""]);
  });

  it("returns the parsed data on success", () => {
    expect(parseOrErrors(schema, { name: "abc", items: [] })).toEqual({ ok: true, data: { name: "abc", items: [] } });
  });
});

describe("pasted links", () => {
  it("trims spaces around a URL instead of rejecting it", () => {
    const ride = rideInputSchema.parse({
      title: "T",
      startDate: "2027-01-01",
      endDate: "2027-01-02",
      distance: "100 km",
      description: "D",
      youtubeUrl: "  https://youtube.com/watch?v=x ",
      instagramUrl: "   ",
    });
    expect(ride.youtubeUrl).toBe("https://youtube.com/watch?v=x");
    expect(ride.instagramUrl).toBe("");
  });
});
