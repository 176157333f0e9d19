import { rideAmount } from "./cost";
import { formatDateRange } from "./dates";
import { PLACEHOLDERS } from "./messages";
import type { Ride } from "./ride";
import { ABOUT_PATH, CONTACT_PATH, HOME_PATH, PREVIOUS_PATH, pageShareCardHref, rideShareCardHref } from "./links";

// What a share card (the image WhatsApp, Facebook and X show beside a link) says, and the
// address it lives at. The address carries a stamp of everything the card shows, so a ride
// whose title, dates, price, seats or photo change gets a new address, and a preview client
// that keeps images by address (WhatsApp does, for days) fetches the new card.

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;
export const SHARE_CARD_TYPE = "image/jpeg";

/** Changes every card's address when the card's layout changes. */
const CARD_DESIGN = "2026-11-24";

export type ShareCard = {
  title: string;
  /** 'Dates · duration' of a ride, the description of a page. */
  subtitle: string;
  /** '₹12,500' or null. */
  price: string | null;
  /** '12 seats left' when the ride takes registrations here, else null. */
  seats: string | null;
  /** The photo's URL as the site stores it (/images/…), or null. */
  image: string | null;
};

type CardRide = Pick<Ride, "title" | "startDate" | "endDate" | "duration" | "tripCost" | "price" | "image" | "status">;

/** A ride's card: title, dates and duration, price, and the seats text of an upcoming ride taking registrations here. */
export function rideShareCard(ride: CardRide, seats: string | null): ShareCard {
  const dates = formatDateRange(ride.startDate, ride.endDate);
  const subtitle = [dates === PLACEHOLDERS.dateTbd ? "" : dates, ride.duration]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" · ");
  return {
    title: ride.title,
    subtitle,
    price: rideAmount(ride)?.amount ?? null,
    seats: ride.status === "upcoming" ? seats : null,
    image: ride.image || null,
  };
}

/** The public pages that have a card of their own, besides rides. */
export const SITE_PAGES = {
  home: {
    path: HOME_PATH,
    heading: "Upcoming Rides",
    description:
      "Upcoming motorcycle and road-trip tours: dates, routes, distances and costs. Pick your next ride and join the group.",
  },
  previous: {
    path: PREVIOUS_PATH,
    heading: "Past Adventures",
    description: "The rides we have completed: routes, distances, riders and the photos and videos from the road.",
  },
  about: {
    path: ABOUT_PATH,
    heading: "About Us",
    description:
      "We are a community of riders organising weekend getaways and long road trips by motorbike and jeep, in small, well-planned groups.",
  },
  contact: {
    path: CONTACT_PATH,
    heading: "Contact",
    description: "Questions about a ride, a group booking or joining the community? Write, call or message us.",
  },
} as const;
export type SitePage = keyof typeof SITE_PAGES;

export function isSitePage(name: string): name is SitePage {
  return Object.hasOwn(SITE_PAGES, name);
}

export function pageShareCard(page: SitePage): ShareCard {
  const { heading, description } = SITE_PAGES[page];
  return { title: heading, subtitle: description, price: null, seats: null, image: null };
}

/** FNV-1a over the card's content, 2 × 32 bits as hex: a stamp, not a secret. */
export function shareCardStamp(card: ShareCard): string {
  const text = JSON.stringify([CARD_DESIGN, card.title, card.subtitle, card.price, card.seats, card.image]);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

/** /share/ride/{id}/{stamp}.jpg */
export function rideShareCardPath(rideId: string, card: ShareCard): string {
  return rideShareCardHref(rideId, shareCardStamp(card));
}

/** /share/page/{page}/{stamp}.jpg */
export function pageShareCardPath(page: SitePage): string {
  return pageShareCardHref(page, shareCardStamp(pageShareCard(page)));
}
