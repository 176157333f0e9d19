// The source file of each island of the public pages: the key of its chunk in the build's
// manifest, so a page names the island's code ahead (island.tsx). Data only: the page imports
// it, and the islands script's loaders (registry.ts) must list the same names.

export const ISLAND_SOURCES = {
  "site-nav": "app/components/site-nav.tsx",
  "hero-carousel": "app/components/hero-carousel.tsx",
  "ride-social-buttons": "app/components/ride-social-buttons.tsx",
  "vehicle-icon": "app/components/vehicle-icon-switch.tsx",
  "community-form": "app/components/community-form-button.tsx",
  "ride-tabs": "app/components/ride/ride-tabs.tsx",
  "register-button": "app/components/ride/register-button.tsx",
  "share-button": "app/components/ride/share-button.tsx",
  "ride-error-alert": "app/components/ride/ride-error-alert.tsx",
} as const;

export type IslandName = keyof typeof ISLAND_SOURCES;
