import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from "node:crypto";
import type { Logger } from "../logger.server";

// A rider's private-link token kept encrypted beside its hash (docs/features/rider-messages.md):
// the hash opens the booking, the sealed copy lets a message sent weeks later carry the link.
// AES-256-GCM under a key derived from SESSION_SECRET: the table alone opens nothing, and a
// changed secret leaves older links out of later messages (the links themselves still work), which
// is logged as an error: without SESSION_SECRET the server keeps one in DATA_DIR so that a restart
// changes nothing (kept-session-secret.server.ts).

const VERSION = "v1";
// Kept as a KeyObject: given a Buffer, every cipher would make one of it again, which cost
// three times the decryption itself per rider when a message goes to a whole ride.
let key: KeyObject | null = null;
/** Signs the calendar feeds' tokens (calendar-feed.server.ts): a key of its own from the same secret. */
let feedKey: KeyObject | null = null;
let log: Pick<Logger, "error"> | null = null;

const derived = (secret: string, info: string) =>
  createSecretKey(Buffer.from(hkdfSync("sha256", secret, "roadbook", info, 32)));

/**
 * Called once at start with SESSION_SECRET and the log a link that cannot be opened is reported
 * to; until then (CLIs, tests that need no links) nothing is sealed, and no booking has a
 * calendar feed.
 */
export function setBookingLinkSecret(secret: string, logger: Pick<Logger, "error">): void {
  key = derived(secret, "booking link seal");
  feedKey = derived(secret, "booking calendar feed");
  log = logger;
}

/** HMAC-SHA-256 of `value` under the calendar feeds' key, or null when no key is set. */
export function feedSignature(value: Buffer): Buffer | null {
  return feedKey ? createHmac("sha256", feedKey).update(value).digest() : null;
}

/** A message about to go without a link it should carry: never silent, and naming no rider. */
function unopened(reason: string): null {
  log?.error(
    { reason },
    "a rider's private link could not be unsealed, so their message goes without it: was SESSION_SECRET changed?",
  );
  return null;
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

/**
 * The token a sealed value holds; null when there is none, or when it cannot be opened (no key,
 * another secret, tampered), which is logged as an error.
 */
export function openToken(sealed: string | null): string | null {
  if (!sealed) return null;
  if (!key) return unopened("no secret set");
  const [version, iv, data, tag] = sealed.split(".");
  if (version !== VERSION || !iv || !data || !tag) return unopened("not a sealed link");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return unopened("sealed under another secret, or altered");
  }
}
