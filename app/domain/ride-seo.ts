import { rideAmount } from "./cost";
import { formatDateRange, parseIsoDate } from "./dates";
import { rideHref } from "./links";
import { PLACEHOLDERS } from "./messages";
import type { Ride } from "./ride";
import { SHARE_CARD_HEIGHT, SHARE_CARD_TYPE, SHARE_CARD_WIDTH } from "./share-card";
import { pageTitle } from "./site";

// What search engines and link previews (WhatsApp, Facebook, X) read about a ride: meta
// tags, Open Graph, Twitter card and a schema.org Event. Every URL in them is absolute,
// because a crawler reads them without a page to resolve them against.

export type JsonLd = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | null | JsonLd | JsonLdValue[];

/** The tags React Router's `meta` export renders (a subset of its MetaDescriptor). */
export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string }
  | { "script:ld+json": JsonLd };

export type SeoSite = {
  /** 'https://rides.example.com', without a trailing slash. */
  origin: string;
  /** The company name, shown as og:site_name and the Event organizer. */
  siteName: string;
  /** Where the community is based (its contact details): an Event's place when the ride names none. */
  location?: string;
};

type SeoRide = Pick<
  Ride,
  | "id"
  | "title"
  | "description"
  | "startDate"
  | "endDate"
  | "image"
  | "duration"
  | "distance"
  | "tripCost"
  | "price"
  | "status"
  | "lastBookingDate"
  | "startingPlace"
  | "createdAt"
  | "updatedAt"
>;

const DESCRIPTION_MAX = 160;

/** The URL on the origin; the path itself when the origin is unknown (a page that failed to load). */
export function absoluteUrl(origin: string, href: string): string {
  return origin ? new URL(href, `${origin}/`).href : href;
}

/**
 * The amount of a price text as a number for machines: '₹12,500' → 12500, '₹ 1,20,000 per
 * person' → 120000, '4999.50' → 4999.5. Null when it holds no number or the number is 0.
 */
export function priceNumber(text: string): number | null {
  const match = /\d[\d,]*(?:\.\d+)?/.exec(text);
  if (!match) return null;
  const value = Number(match[0].replaceAll(",", ""));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** 'Dates · duration · distance', each part only when known. */
function rideFacts(ride: SeoRide): string {
  const dates = formatDateRange(ride.startDate, ride.endDate);
  return [dates === PLACEHOLDERS.dateTbd ? "" : dates, ride.duration, ride.distance]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" · ");
}

/** Shortens at a word boundary so previews never cut a word in half. */
function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:·-]+$/, "")}…`;
}

/** The description of a ride page: its facts (dates first) and the start of its description. */
export function rideMetaDescription(ride: SeoRide): string {
  const facts = rideFacts(ride);
  return truncate([facts, ride.description].filter((part) => part.trim()).join(". "), DESCRIPTION_MAX);
}

/** Where a ride meets: its route's meeting point (decision 024). */
export type EventPlace = { name: string; address: string; latitude: number; longitude: number };

/** A schema.org Place with its address and coordinates; the name falls back to the address. */
export function placeJsonLd(place: EventPlace): JsonLd {
  const name = place.name || place.address || `${place.latitude}, ${place.longitude}`;
  const json: JsonLd = {
    "@type": "Place",
    name,
    geo: { "@type": "GeoCoordinates", latitude: place.latitude, longitude: place.longitude },
  };
  if (place.address) json.address = { "@type": "PostalAddress", streetAddress: place.address };
  return json;
}

/** A schema.org Place known by its name only (a starting place, a town). */
function namedPlaceJsonLd(name: string): JsonLd {
  return { "@type": "Place", name, address: { "@type": "PostalAddress", streetAddress: name } };
}

/**
 * Where the Event is, which Google requires: the route's meeting point, else the starting
 * place the ride form names, else where the community is based. Null only when none is known.
 */
function eventLocation(ride: SeoRide, site: SeoSite, place?: EventPlace): JsonLd | null {
  if (place) return placeJsonLd(place);
  const named = ride.startingPlace.trim() || site.location?.trim();
  return named ? namedPlaceJsonLd(named) : null;
}

/**
 * A schema.org Event for a public ride (cancelled rides are never public, so never
 * EventCancelled), organised and performed by the community, at its location (above).
 */
export function rideJsonLd(ride: SeoRide, site: SeoSite, place?: EventPlace): JsonLd {
  const url = absoluteUrl(site.origin, rideHref(ride.id));
  const event: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Event",
    name: ride.title,
    description: truncate(ride.description, 500),
    url,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    organizer: { "@type": "Organization", name: site.siteName, url: `${site.origin}/` },
    performer: { "@type": "Organization", name: site.siteName, url: `${site.origin}/` },
  };
  if (parseIsoDate(ride.startDate)) event.startDate = ride.startDate;
  if (parseIsoDate(ride.endDate)) event.endDate = ride.endDate;
  if (ride.image) event.image = [absoluteUrl(site.origin, ride.image)];
  const location = eventLocation(ride, site, place);
  if (location) event.location = location;
  const amount = rideAmount(ride);
  const price = amount ? priceNumber(amount.amount) : null;
  if (price !== null) {
    const offer: JsonLd = { "@type": "Offer", price, priceCurrency: "INR", url };
    if (ride.status === "upcoming") offer.availability = "https://schema.org/InStock";
    // Bookable from when the ride was put on the site.
    if (ride.createdAt) offer.validFrom = ride.createdAt;
    if (parseIsoDate(ride.lastBookingDate)) offer.validThrough = ride.lastBookingDate;
    event.offers = offer;
  }
  return event;
}

/**
 * og:image and its size, type and alt text, and the same for X: a share card (a 1200 × 630
 * JPEG, decision 023) at `cardPath`.
 */
export function shareImageTags(site: SeoSite, cardPath: string, alt: string): MetaTag[] {
  const image = absoluteUrl(site.origin, cardPath);
  return [
    { property: "og:image", content: image },
    { property: "og:image:type", content: SHARE_CARD_TYPE },
    { property: "og:image:width", content: String(SHARE_CARD_WIDTH) },
    { property: "og:image:height", content: String(SHARE_CARD_HEIGHT) },
    { property: "og:image:alt", content: alt },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: alt },
  ];
}

/**
 * Title, description, canonical link, Open Graph with the ride's share card, Twitter card and,
 * for a ride with dates, JSON-LD (an Event without a startDate is one Google rejects).
 */
export function rideMetaTags(ride: SeoRide, site: SeoSite, cardPath: string, place?: EventPlace): MetaTag[] {
  const url = absoluteUrl(site.origin, rideHref(ride.id));
  const description = rideMetaDescription(ride);
  const tags: MetaTag[] = [
    { title: pageTitle(ride.title) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:title", content: ride.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: ride.title },
    { name: "twitter:description", content: description },
  ];
  tags.push(...shareImageTags(site, cardPath, ride.title));
  if (ride.updatedAt) tags.push({ property: "article:modified_time", content: ride.updatedAt });
  if (parseIsoDate(ride.startDate)) tags.push({ "script:ld+json": rideJsonLd(ride, site, place) });
  return tags;
}
