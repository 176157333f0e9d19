/** The product's own name, as the wordmark shows it; the company name comes from the configuration. */
export const SITE_NAME = "Roadbook";

/** A page title as browsers and link previews show it. */
export function pageTitle(page: string): string {
  return `${page} · ${SITE_NAME}`;
}
