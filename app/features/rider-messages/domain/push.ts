import { z } from "zod";

// Web Push to riders (docs/features/push.md): what the booking page's opt-in posts. What a
// message carries to the service worker is push-message.ts.

/** A booking follows at most this many phones; a newer one replaces the oldest. */
export const MAX_PHONES_PER_BOOKING = 5;

const PHONE_REFUSED = "This phone's browser gave an unusable push subscription. Please try again.";

/**
 * The site posts every message to the endpoint: only a push service's https URL on a public
 * name is taken, never a bare address or a name of the site's own network.
 */
function isPushServiceUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === "https:" &&
    url.port === "" &&
    url.username === "" &&
    url.password === "" &&
    /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) &&
    !/^[0-9.]+$/.test(host) &&
    !/\.(localhost|local|internal|lan|home|arpa)$/.test(host)
  );
}

/** base64url as browsers give it (PushSubscription.toJSON), padding tolerated. */
const base64Url = (pattern: RegExp) =>
  z
    .string()
    .transform((value) => value.trim().replace(/=+$/, ""))
    .refine((value) => pattern.test(value), PHONE_REFUSED);

/** A browser's push subscription as the booking page posts it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().trim().max(2048, PHONE_REFUSED).refine(isPushServiceUrl, PHONE_REFUSED),
  // An uncompressed P-256 point: 65 bytes starting 0x04, so 87 characters starting 'B'.
  p256dh: base64Url(/^B[A-Za-z0-9_-]{86}$/),
  // 16 random bytes.
  auth: base64Url(/^[A-Za-z0-9_-]{22}$/),
});

export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/** Turning off names the phone by its endpoint only. */
export const pushEndpointSchema = z.object({
  endpoint: z.string().trim().min(1, PHONE_REFUSED).max(2048, PHONE_REFUSED),
});
