import { ABOUT_PATH, CONTACT_PATH, HOME_PATH, PREVIOUS_PATH } from "./links";

// Top navigation (product.md#navigation).

export const NAV_LINKS = [
  { to: HOME_PATH, label: "Upcoming Trips" },
  { to: PREVIOUS_PATH, label: "Previous Events" },
  { to: ABOUT_PATH, label: "About Us" },
  { to: CONTACT_PATH, label: "Contact" },
] as const;

/**
 * The footer's copy of NAV_LINKS: where a phone's menu button leads before its island has
 * hydrated, or without JavaScript (decision 017, note of 2026-11-26).
 */
export const FOOTER_NAV_ID = "site-links";

/**
 * product.md#navigation: a link is active only when its path is exactly the current one. '/upcoming'
 * shows the same page as '/' but is a different path, so Upcoming Trips is not active there.
 * A trailing slash is not a different path ('/about/' is '/about'); letter case is.
 */
export function isCurrentPath(linkPath: string, currentPath: string): boolean {
  return withoutTrailingSlash(linkPath) === withoutTrailingSlash(currentPath);
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}
