import { createHash, randomBytes } from "node:crypto";

// A secret token: what a link, a session cookie or a challenge carries (a rider's private link,
// a seat-transfer offer, a sign-in link, a team invitation, a session, a sign-in step). 32
// random bytes in base64url (43 characters), of which the database keeps only the SHA-256, so
// the tables alone open nothing; a presented token is looked up by its hash. Tokens that differ
// on purpose live apart: preview links and the calendar feeds' tokens are signed, not stored
// (preview-links.server.ts, registrations/calendar-feed.server.ts), and a private link's token is
// also kept sealed for the messages sent later (registrations/link-seal.server.ts).

const TOKEN_BYTES = 32;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type SecretToken = {
  /** Shown once: in the link, the cookie or the page, never stored. */
  token: string;
  /** What is stored, and looked up. */
  hash: string;
};

/** The stored form of a presented secret: its SHA-256, hex. */
export function hashOfToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newSecretToken(): SecretToken {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  return { token, hash: hashOfToken(token) };
}

/** Whether `value` is spelt as newSecretToken writes a token; anything else is refused before a query. */
export function isSecretToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN.test(value);
}
