import { SITE_NAME } from "~/domain/site";

// What a Web Push message carries to the service worker (app/sw/sw.ts), and how the worker
// reads it; the booking page's intents. No zod here: the worker and the opt-in island import
// this, and zod on a public page costs bytes and trips the CSP's eval guard.

/** The booking page's intents: turn updates on this phone on or off (posted by push-updates.tsx). */
export const PUSH_SUBSCRIBE = "push-subscribe";
export const PUSH_UNSUBSCRIBE = "push-unsubscribe";

/** The notification's title and text, and the page of the site a tap opens. */
export type PushMessage = { title: string; body: string; url: string };

/**
 * The message as the worker shows it. A push that is not our JSON still shows a notification
 * (a push with none is one the browser may count against the site); a URL of another site, or
 * none, opens the site's home page: a tap never leaves the site.
 */
export function readPushMessage(text: string | undefined, origin: string): PushMessage {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text ?? "");
    if (parsed && typeof parsed === "object") data = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the fallbacks below.
  }
  const textOf = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  return {
    title: textOf(data.title) || SITE_NAME,
    body: textOf(data.body),
    url: sameOriginUrl(textOf(data.url), origin),
  };
}

/** `url` as an absolute URL of the site at `origin`, or the site's home page when it is another site's. */
export function sameOriginUrl(url: string, origin: string): string {
  if (!url || !URL.canParse(url, origin)) return `${origin}/`;
  const resolved = new URL(url, origin);
  return resolved.origin === origin ? resolved.href : `${origin}/`;
}
