import { createHmac, timingSafeEqual } from "node:crypto";
import { HOME_PATH, rideHref } from "~/domain/links";
import { serverClock } from "./clock.server";

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
export function previewToken(secret: string, kind: PreviewKind, id: string, now = serverClock()): string {
  const expires = Math.floor((now.getTime() + PREVIEW_LINK_HOURS * HOUR_MS) / 1000);
  return `${expires}.${signature(secret, kind, id, expires)}`;
}

export function previewExpiry(token: string): Date | null {
  const expires = Number(token.split(".")[0]);
  return Number.isSafeInteger(expires) ? new Date(expires * 1000) : null;
}

/** Whether `token` opens the preview of this very record, and has not expired. */
function isPreviewToken(
  secret: string,
  kind: PreviewKind,
  id: string,
  token: string | null,
  now = serverClock(),
): boolean {
  if (!token || token.length > 200) return false;
  // The expiry as previewToken writes it: no leading zero, so one expiry has one spelling.
  const match = /^([1-9]\d{0,11})\.([\w-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(signature(secret, kind, id, expires));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The one value of a query parameter as written in the URL, not decoded; null when absent or repeated. */
function rawParameter(url: URL, name: string): string | null {
  const values = url.search
    .slice(1)
    .split("&")
    .filter((pair) => pair.startsWith(`${name}=`));
  return values.length === 1 ? values[0]!.slice(name.length + 1) : null;
}

/**
 * Whether a request is a preview link of this very record, spelt as previewPath writes it: the
 * token and the record's id exactly as signed and encoded, once. Decoding before checking would
 * let one signed link be written many ways ('%70review=', '%2E', a percent-encoded id), each a
 * different URL to every cache and log in between.
 */
export function isPreviewRequest(
  secret: string,
  kind: PreviewKind,
  id: string,
  url: URL,
  now = serverClock(),
): boolean {
  if (url.searchParams.getAll("preview").length !== 1) return false;
  const writtenId =
    kind === "rides"
      ? url.pathname
          .replace(/\.data$/, "")
          .split("/")
          .at(-1)
      : rawParameter(url, "slide");
  if (writtenId !== encodeURIComponent(id)) return false;
  return isPreviewToken(secret, kind, id, rawParameter(url, "preview"), now);
}

/** The path of a preview: a ride's public page, or the home page with the slide, and the token. */
export function previewPath(kind: PreviewKind, id: string, token: string): string {
  const preview = `preview=${encodeURIComponent(token)}`;
  return kind === "rides" ? `${rideHref(id)}?${preview}` : `${HOME_PATH}?slide=${encodeURIComponent(id)}&${preview}`;
}
