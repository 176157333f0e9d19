import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from "node:crypto";

// A rider's private-link token kept encrypted beside its hash (docs/features/rider-messages.md):
// the hash opens the booking, the sealed copy lets a message sent weeks later carry the link.
// AES-256-GCM under a key derived from SESSION_SECRET: the table alone opens nothing, and a
// changed secret only leaves older links out of later messages (the links themselves still work).

const VERSION = "v1";
// Kept as a KeyObject: given a Buffer, every cipher would make one of it again, which cost
// three times the decryption itself per rider when a message goes to a whole ride.
let key: KeyObject | null = null;
/** Signs the calendar feeds' tokens (calendar-feed.server.ts): a key of its own from the same secret. */
let feedKey: KeyObject | null = null;

const derived = (secret: string, info: string) =>
  createSecretKey(Buffer.from(hkdfSync("sha256", secret, "roadbook", info, 32)));

/**
 * Called once at start with SESSION_SECRET; until then (CLIs, tests that need no links) nothing
 * is sealed, and no booking has a calendar feed.
 */
export function setBookingLinkSecret(secret: string): void {
  key = derived(secret, "booking link seal");
  feedKey = derived(secret, "booking calendar feed");
}

/** HMAC-SHA-256 of `value` under the calendar feeds' key, or null when no key is set. */
export function feedSignature(value: Buffer): Buffer | null {
  return feedKey ? createHmac("sha256", feedKey).update(value).digest() : null;
}

/** The token encrypted, or null when no key is set. */
export function sealToken(token: string): string | null {
  if (!key) return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    sealed.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
  ].join(".");
}

/** The token a sealed value holds, or null when it cannot be opened (no key, another secret, tampered). */
export function openToken(sealed: string | null): string | null {
  if (!key || !sealed) return null;
  const [version, iv, data, tag] = sealed.split(".");
  if (version !== VERSION || !iv || !data || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
