import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Preview links (decision 025): a draft or scheduled ride's public page, or the home page with a
 * draft or scheduled hero slide, for someone who is not an admin (a co-organiser), opened by a
 * link that carries its own expiry and a signature by SESSION_SECRET. Nothing is stored: a link
 * cannot be listed, only expire.
 */
export const PREVIEW_LINK_HOURS = 72;
const HOUR_MS = 60 * 60 * 1000;

export type PreviewKind = "rides" | "heroSlides";

function signature(secret: string, kind: PreviewKind, id: string, expires: number): string {
  return createHmac("sha256", secret).update(`preview\n${kind}\n${id}\n${expires}`).digest("base64url");
}

/** The token of a preview link: its expiry (seconds since the epoch), a dot, its signature. */
export function previewToken(secret: string, kind: PreviewKind, id: string, now = new Date()): string {
  const expires = Math.floor((now.getTime() + PREVIEW_LINK_HOURS * HOUR_MS) / 1000);
  return `${expires}.${signature(secret, kind, id, expires)}`;
}

export function previewExpiry(token: string): Date | null {
  const expires = Number(token.split(".")[0]);
  return Number.isSafeInteger(expires) ? new Date(expires * 1000) : null;
}

/** Whether `token` opens the preview of this very record, and has not expired. */
export function isPreviewToken(
  secret: string,
  kind: PreviewKind,
  id: string,
  token: string | null,
  now = new Date(),
): boolean {
  if (!token || token.length > 200) return false;
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(signature(secret, kind, id, expires));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The path of a preview: a ride's public page, or the home page with the slide, and the token. */
export function previewPath(kind: PreviewKind, id: string, token: string): string {
  const preview = `preview=${encodeURIComponent(token)}`;
  return kind === "rides"
    ? `/ride/${encodeURIComponent(id)}?${preview}`
    : `/?slide=${encodeURIComponent(id)}&${preview}`;
}
