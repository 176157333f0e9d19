import type { Page } from "@playwright/test";

/**
 * The statistics strip a visitor reads. The figures stream in after the page: React puts them
 * in a hidden copy of the strip, then swaps it for the placeholder's, so for a moment the page
 * holds two strips. The visible one is the one to assert on, at any moment.
 */
export function visibleStatsStrip(page: Page) {
  return page.getByTestId("stats-strip").filter({ visible: true });
}
