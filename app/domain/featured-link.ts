import { CONTACT_PATH, rideHref } from "./links";

// product.md#featured-banner: where the featured-ride banner's button goes.

export type FeaturedLinkTarget = {
  href: string;
  /** Opens in a new tab (target=_blank, rel=noopener noreferrer) instead of navigating in the app. */
  external: boolean;
};

const EXTERNAL = /^https?:\/\//i;
/** A path on this site: one leading slash, never '//' or a backslash or whitespace, which browsers read as another host. */
const SAME_SITE_PATH = /^\/(?!\/)[^\s\\]*$/;

/**
 * - a link starting with /ride/ navigates internally;
 * - a link starting with http opens a new tab;
 * - any other link navigates internally;
 * - no link: the first upcoming ride, or /contact when there is none.
 * A link that is neither a URL nor a path on this site (only an old record could hold one;
 * the featured-ride schema refuses it) is treated as no link, so it can never lead off-site
 * or run a script.
 */
export function featuredLinkTarget(
  ctaLink: string | null | undefined,
  firstUpcomingRideId: string | null,
): FeaturedLinkTarget {
  const link = (ctaLink ?? "").trim();
  if (EXTERNAL.test(link)) return { href: link, external: true };
  if (SAME_SITE_PATH.test(link)) return { href: link, external: false };
  return { href: firstUpcomingRideId ? rideHref(firstUpcomingRideId) : CONTACT_PATH, external: false };
}
