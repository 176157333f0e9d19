import { rideAmount } from "./cost";
import { formatDateRange } from "./dates";
import { PLACEHOLDERS } from "./messages";
import type { Ride } from "./ride";

// What a rider sends a friend about a ride: the native share sheet's title and text, and the
// message of the "Share on WhatsApp" link (title, dates, price, then the link on its own line,
// which WhatsApp turns into the preview with the ride's share card).

export type RideShare = {
  title: string;
  /** 'Dates · price', without the link: the share sheet adds the link itself. */
  text: string;
  url: string;
  /**
   * The "Share on WhatsApp" link, made here on the server: the share button's island then
   * needs none of the date and price rules in the browser.
   */
  whatsAppHref: string;
};

type SharedRide = Pick<Ride, "title" | "startDate" | "endDate" | "tripCost" | "price">;

export function rideShare(ride: SharedRide, url: string): RideShare {
  const dates = formatDateRange(ride.startDate, ride.endDate);
  const price = rideAmount(ride);
  const facts = [
    dates === PLACEHOLDERS.dateTbd ? "" : dates,
    price ? `${price.amount} ${price.note.toLowerCase()}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
  const share = { title: ride.title, text: facts, url };
  return { ...share, whatsAppHref: whatsAppShareHref(share) };
}

type Message = Pick<RideShare, "title" | "text" | "url">;

/** The message WhatsApp opens with: title, facts, link. */
export function whatsAppMessage(share: Message): string {
  return [share.title, share.text, share.url].filter(Boolean).join("\n");
}

/** wa.me opens WhatsApp (the app on a phone, WhatsApp Web elsewhere) with the message typed, choosing whom to send it to. */
export function whatsAppShareHref(share: Message): string {
  return `https://wa.me/?text=${encodeURIComponent(whatsAppMessage(share))}`;
}
