import { describe, expect, it } from "vitest";
import { absoluteUrl, type MetaTag, priceNumber, rideJsonLd, rideMetaDescription, rideMetaTags } from "./ride-seo";

const site = { origin: "https://rides.example", siteName: "Roadbook Riders", location: "Bengaluru, Karnataka, India" };

const ride = {
  id: "r1",
  title: "Coorg Coffee Trail",
  description: "Coffee estates, waterfalls and winding ghat roads through the Western Ghats.",
  startDate: "2026-12-05",
  endDate: "2026-12-08",
  image: "/images/coorg.webp",
  duration: "4D 3N",
  distance: "650 km",
  tripCost: "₹12,500",
  price: "",
  status: "upcoming" as const,
  lastBookingDate: "2026-11-30",
  startingPlace: "Madikeri bus stand",
  createdAt: "2026-10-01T08:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
};

const content = (tags: MetaTag[], key: "name" | "property", value: string) =>
  tags.find(
    (tag): tag is { name: string; property: string; content: string } =>
      key in tag && (tag as Record<string, string>)[key] === value,
  )?.content;

describe("priceNumber", () => {
  it.each([
    ["₹12,500", 12500],
    ["12500", 12500],
    ["₹ 1,20,000 per person", 120000],
    ["4999.50", 4999.5],
    ["Rs. 8,000 onwards", 8000],
  ])("reads %j as %d", (text, expected) => {
    expect(priceNumber(text)).toBe(expected);
  });

  it.each([[""], ["₹0"], ["free"], ["0.00"]])("has no price in %j", (text) => {
    expect(priceNumber(text)).toBeNull();
  });
});

describe("absoluteUrl", () => {
  it("resolves our own paths against the origin and keeps external URLs", () => {
    expect(absoluteUrl(site.origin, "/images/a.webp")).toBe("https://rides.example/images/a.webp");
    expect(absoluteUrl(site.origin, "https://cdn.example/a.jpg")).toBe("https://cdn.example/a.jpg");
  });
});

describe("rideMetaDescription", () => {
  it("starts with the dates, duration and distance, then the description", () => {
    expect(rideMetaDescription(ride)).toBe(
      "5th - 8th December 2026 · 4D 3N · 650 km. Coffee estates, waterfalls and winding ghat roads through the Western Ghats.",
    );
  });

  it("leaves out unknown facts instead of printing placeholders", () => {
    expect(rideMetaDescription({ ...ride, startDate: "", endDate: "", duration: "", distance: "" })).toBe(
      ride.description,
    );
  });

  it("stays within 160 characters, cut at a word boundary", () => {
    const long = rideMetaDescription({ ...ride, description: "Winding roads and misty hills. ".repeat(20) });
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/\w…$/);
  });
});

describe("rideMetaTags", () => {
  const card = "/share/ride/r1/0123456789abcdef.jpg";
  const tags = rideMetaTags(ride, site, card);

  it("has title, description and an absolute canonical link", () => {
    expect(tags).toContainEqual({ title: "Coorg Coffee Trail · Roadbook" });
    expect(content(tags, "name", "description")).toContain("5th - 8th December 2026");
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://rides.example/ride/r1" });
  });

  it("has Open Graph tags with the dates in the description and the share card as a sized JPEG", () => {
    expect(content(tags, "property", "og:type")).toBe("article");
    expect(content(tags, "property", "og:title")).toBe("Coorg Coffee Trail");
    expect(content(tags, "property", "og:description")).toContain("5th - 8th December 2026");
    expect(content(tags, "property", "og:image")).toBe(`https://rides.example${card}`);
    expect(content(tags, "property", "og:image:type")).toBe("image/jpeg");
    expect(content(tags, "property", "og:image:width")).toBe("1200");
    expect(content(tags, "property", "og:image:height")).toBe("630");
    expect(content(tags, "property", "og:image:alt")).toBe("Coorg Coffee Trail");
    expect(content(tags, "property", "og:url")).toBe("https://rides.example/ride/r1");
    expect(content(tags, "property", "og:site_name")).toBe("Roadbook Riders");
  });

  it("has a large-image Twitter card", () => {
    expect(content(tags, "name", "twitter:card")).toBe("summary_large_image");
    expect(content(tags, "name", "twitter:title")).toBe("Coorg Coffee Trail");
    expect(content(tags, "name", "twitter:image")).toBe(`https://rides.example${card}`);
  });

  it("percent-encodes the id in URLs", () => {
    expect(content(rideMetaTags({ ...ride, id: "a b" }, site, card), "property", "og:url")).toBe(
      "https://rides.example/ride/a%20b",
    );
  });

  it("carries the JSON-LD Event", () => {
    expect(tags).toContainEqual({ "script:ld+json": rideJsonLd(ride, site) });
  });

  it("has no JSON-LD for a ride without dates: an Event needs a startDate", () => {
    const undated = rideMetaTags({ ...ride, startDate: "", endDate: "" }, site, card);
    expect(undated.some((tag) => "script:ld+json" in tag)).toBe(false);
  });
});

describe("rideJsonLd", () => {
  it("is a scheduled, offline schema.org Event with dates, image, organizer and an INR offer", () => {
    expect(rideJsonLd(ride, site)).toEqual({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Coorg Coffee Trail",
      description: ride.description,
      url: "https://rides.example/ride/r1",
      startDate: "2026-12-05",
      endDate: "2026-12-08",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      image: ["https://rides.example/images/coorg.webp"],
      organizer: { "@type": "Organization", name: "Roadbook Riders", url: "https://rides.example/" },
      performer: { "@type": "Organization", name: "Roadbook Riders", url: "https://rides.example/" },
      location: {
        "@type": "Place",
        name: "Madikeri bus stand",
        address: { "@type": "PostalAddress", streetAddress: "Madikeri bus stand" },
      },
      offers: {
        "@type": "Offer",
        price: 12500,
        priceCurrency: "INR",
        url: "https://rides.example/ride/r1",
        availability: "https://schema.org/InStock",
        validFrom: "2026-10-01T08:00:00.000Z",
        validThrough: "2026-11-30",
      },
    });
  });

  it("always has a location (Google requires one): the meeting point, else the starting place, else the community's", () => {
    const meeting = { name: "Mall Road", address: "Mall Road, Manali", latitude: 32.24, longitude: 77.19 };
    expect(rideJsonLd(ride, site, meeting).location).toMatchObject({
      name: "Mall Road",
      geo: { "@type": "GeoCoordinates", latitude: 32.24, longitude: 77.19 },
    });
    expect(rideJsonLd({ ...ride, startingPlace: " " }, site).location).toEqual({
      "@type": "Place",
      name: "Bengaluru, Karnataka, India",
      address: { "@type": "PostalAddress", streetAddress: "Bengaluru, Karnataka, India" },
    });
  });

  it("uses the legacy price when there is no trip cost", () => {
    expect(rideJsonLd({ ...ride, tripCost: "", price: "9000" }, site).offers).toMatchObject({
      price: 9000,
      priceCurrency: "INR",
    });
  });

  it("has no offer without a price, and no availability once the ride is completed", () => {
    expect(rideJsonLd({ ...ride, tripCost: "", price: "" }, site)).not.toHaveProperty("offers");
    expect(rideJsonLd({ ...ride, tripCost: "₹0", price: "9000" }, site)).not.toHaveProperty("offers");
    expect(rideJsonLd({ ...ride, status: "completed" }, site).offers).not.toHaveProperty("availability");
  });

  it("leaves out dates and image that are not set", () => {
    const event = rideJsonLd({ ...ride, startDate: "", endDate: "", image: "", lastBookingDate: "" }, site);
    expect(event).not.toHaveProperty("startDate");
    expect(event).not.toHaveProperty("endDate");
    expect(event).not.toHaveProperty("image");
    expect(event.offers).not.toHaveProperty("validThrough");
  });
});
