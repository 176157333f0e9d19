import { createHash } from "node:crypto";
import type { Executor } from "../db/schema.server";
import { type AttemptVerdict, beginAttempt, clientNetwork, forgetAttempt } from "../auth/throttle.server";
import { serverClock } from "../clock.server";

/**
 * Registrations per network in the throttle's window (15 minutes). Generous on purpose: mobile
 * networks in India put many riders behind one carrier-grade NAT address, and a ride opening
 * its seats brings a crowd at once; a script posting registrations in a loop still stops here.
 */
export const REGISTRATIONS_PER_NETWORK = 30;

export function tooManyRegistrationsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many registrations from your network. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * Counts a registration from `clientIp`'s network (a /64 for IPv6) in the sign-in throttle's
 * table and window; every registration counts, whether it succeeds or is refused later.
 */
export function beginRegistration(db: Executor, clientIp: string, now = serverClock()): Promise<AttemptVerdict> {
  return beginAttempt(db, [`register:${clientNetwork(clientIp)}`], now, REGISTRATIONS_PER_NETWORK);
}

/**
 * Changes through one private link (a UTR, contact details, a cancellation) in the window: a
 * rider makes a few, typos included; a script posting to its own link in a loop stops here.
 */
export const BOOKING_CHANGES_PER_LINK = 10;

/** Changes through all private links from one network in the window: many riders share a carrier's address. */
export const BOOKING_CHANGES_PER_NETWORK = 60;

export type BookingChangeVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

function tooManyBookingChanges(from: string, retryAfterSeconds: number): BookingChangeVerdict {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const message = `Too many changes ${from}. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
  return { allowed: false, retryAfterSeconds, message };
}

/**
 * Counts a change posted to the private page of `registrationId` from `clientIp`'s network,
 * against the link's limit and the network's, in the sign-in throttle's table and window. Every
 * post counts, saved or refused; one refused by either limit leaves no count behind.
 */
export async function beginBookingChange(
  db: Executor,
  registrationId: string,
  clientIp: string,
  now = serverClock(),
): Promise<BookingChangeVerdict> {
  const networkKey = `booking-network:${clientNetwork(clientIp)}`;
  const network = await beginAttempt(db, [networkKey], now, BOOKING_CHANGES_PER_NETWORK);
  if (!network.allowed) return tooManyBookingChanges("from your network", network.retryAfterSeconds);
  const link = await beginAttempt(db, [`booking:${registrationId}`], now, BOOKING_CHANGES_PER_LINK);
  if (link.allowed) return { allowed: true };
  await forgetAttempt(db, network.attempt);
  return tooManyBookingChanges("to this booking", link.retryAfterSeconds);
}

/** "Find my booking" requests from one network in the window: riders behind one carrier share it. */
export const BOOKING_LOOKUPS_PER_NETWORK = 20;

/** Requests for one mobile number in the window: a rider retrying a typo, not a mailbox flooded. */
export const BOOKING_LOOKUPS_PER_PHONE = 3;

/**
 * Counts a "Find my booking" request from `clientIp`'s network and for `phone` (E.164), in the
 * sign-in throttle's table and window, whether any booking matches or not: the verdict says
 * nothing about bookings. One refused by either limit leaves no count behind.
 */
export async function beginBookingLookup(
  db: Executor,
  clientIp: string,
  phone: string,
  now = serverClock(),
): Promise<BookingChangeVerdict> {
  const network = await beginAttempt(db, [`find-network:${clientNetwork(clientIp)}`], now, BOOKING_LOOKUPS_PER_NETWORK);
  if (!network.allowed) return tooManyLookups(network.retryAfterSeconds);
  // The number's hash: the throttle's table holds no rider's number.
  const phoneKey = `find-phone:${createHash("sha256").update(phone).digest("hex")}`;
  const number = await beginAttempt(db, [phoneKey], now, BOOKING_LOOKUPS_PER_PHONE);
  if (number.allowed) return { allowed: true };
  await forgetAttempt(db, network.attempt);
  return tooManyLookups(number.retryAfterSeconds);
}

function tooManyLookups(retryAfterSeconds: number): BookingChangeVerdict {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const message = `Too many requests. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
  return { allowed: false, retryAfterSeconds, message };
}

/**
 * Photo uploads (each up to RIDER_PHOTOS_PER_RIDE photos) through all private links from one
 * network in the window, on top of the booking changes they also count as: each is up to
 * 100 MB to read and five photos to process, so far fewer than the network's other changes.
 */
export const PHOTO_UPLOADS_PER_NETWORK = 20;

/** Counts a photo upload from `clientIp`'s network, in the sign-in throttle's table and window. */
export async function beginPhotoUpload(
  db: Executor,
  clientIp: string,
  now = serverClock(),
): Promise<BookingChangeVerdict> {
  const verdict = await beginAttempt(db, [`photos-network:${clientNetwork(clientIp)}`], now, PHOTO_UPLOADS_PER_NETWORK);
  if (verdict.allowed) return { allowed: true };
  const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
  const message = `Too many photos sent from your network. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
  return { allowed: false, retryAfterSeconds: verdict.retryAfterSeconds, message };
}
