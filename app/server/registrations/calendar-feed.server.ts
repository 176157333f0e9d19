import { timingSafeEqual } from "node:crypto";
import { feedSignature } from "./link-seal.server";

// A rider's calendar feed has a read-only token of its own (decision 042), never the booking's
// private link: a calendar service, or anyone the calendar is shared with, reads the ride's dates
// and can do nothing else. The token is the registration's id and its signature under a key
// derived from SESSION_SECRET, so it is the same for the booking's life (a renewed link keeps
// the subscription) and needs no column; a changed secret ends every subscription.

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const ID_BYTES = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The feed token of a registration (43 characters, as a link's), or null when no key is set. */
export function calendarFeedToken(registrationId: string): string | null {
  if (!UUID.test(registrationId)) return null;
  const id = Buffer.from(registrationId.replaceAll("-", ""), "hex");
  const signature = feedSignature(id);
  return signature ? Buffer.concat([id, signature.subarray(0, ID_BYTES)]).toString("base64url") : null;
}

/** The registration id a feed token names, or null for one this site did not sign. */
export function registrationOfFeed(token: string): string | null {
  if (!TOKEN.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  const id = bytes.subarray(0, ID_BYTES);
  const signature = feedSignature(id)?.subarray(0, ID_BYTES);
  if (!signature || !timingSafeEqual(signature, bytes.subarray(ID_BYTES))) return null;
  const hex = id.toString("hex");
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
}
