import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";

// How the admin reaches riders (decision 022): WhatsApp's click-to-chat links (no API, no account
// of ours) and the numbers of a ride's group.

/** A stored E.164 number as people read it ('+91 98765 43210'); as stored when it does not parse. */
export function displayPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/** WhatsApp's click-to-chat link: the number in international form, digits only. Null without a number. */
export function whatsappHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  return digits ? `https://wa.me/${digits}` : null;
}

/** WhatsApp's click-to-chat link with a message typed in for the admin to send. Null without a number. */
export function whatsappMessageHref(phone: string, text: string): string | null {
  const href = whatsappHref(phone);
  return href ? `${href}?text=${encodeURIComponent(text)}` : null;
}

/** The message that carries a rider's fresh private link, sent by the admin on WhatsApp. */
export function freshLinkText({ name, rideTitle, link }: { name: string; rideTitle: string; link: string }): string {
  return `Hello ${name}, here is your new link to your booking for ${rideTitle}: ${link}\nKeep it private; the old link no longer works.`;
}

/**
 * The numbers to add to the ride's WhatsApp group: the confirmed riders', each once, in
 * registration order, one per line (how WhatsApp and contact apps take a pasted list).
 */
export function groupNumbers(riders: readonly { phone: string; status: string }[]): string {
  const numbers = riders.filter((rider) => rider.status === "confirmed" && rider.phone).map((rider) => rider.phone);
  return [...new Set(numbers)].join("\n");
}
