import { createHmac, timingSafeEqual } from "node:crypto";

/** HMAC-SHA256 of `data` under `secret`, in lowercase hex: how Razorpay signs webhooks and callbacks. */
export function hmacSha256Hex(secret: string, data: Buffer | string): string {
  return createHmac("sha256", secret).update(data).digest("hex");
}

/**
 * Whether a signature someone sent is the one expected, in time that does not depend on how
 * much of it matches (a `===` would let an attacker find a valid signature byte by byte).
 * timingSafeEqual throws on inputs of different lengths, so the length is checked first; the
 * length of a hex digest is no secret.
 */
export function sameSignature(sent: string, expected: string): boolean {
  const a = Buffer.from(sent, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
