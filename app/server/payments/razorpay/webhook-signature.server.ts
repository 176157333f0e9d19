import { hmacSha256Hex, sameSignature } from "./hmac.server";

/** Two during a rotation: the new secret, and the old one Razorpay still signs retries of older events with. */
export const MAX_WEBHOOK_SECRETS = 2;

/**
 * Whether a webhook came from Razorpay: its `X-Razorpay-Signature` header is the HMAC-SHA256
 * (hex) of the raw body under one of the webhook secrets. Verify the bytes as they arrived,
 * before any JSON parsing: a re-serialised body is not what Razorpay signed.
 */
export function verifyWebhook(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secrets: string[],
): boolean {
  if (secrets.length > MAX_WEBHOOK_SECRETS) {
    throw new Error(`At most ${MAX_WEBHOOK_SECRETS} webhook secrets, the new and the old during a rotation`);
  }
  if (!signatureHeader) return false;
  let matched = false;
  // Every secret is tried, so the time taken does not say which one matched.
  for (const secret of secrets) {
    if (secret && sameSignature(signatureHeader, hmacSha256Hex(secret, rawBody))) matched = true;
  }
  return matched;
}
