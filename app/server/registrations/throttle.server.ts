import type { Executor } from "../db/schema.server";
import { type AttemptVerdict, beginAttempt, clientNetwork } from "../auth/throttle.server";

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
export function beginRegistration(db: Executor, clientIp: string, now = new Date()): Promise<AttemptVerdict> {
  return beginAttempt(db, [`register:${clientNetwork(clientIp)}`], now, REGISTRATIONS_PER_NETWORK);
}
