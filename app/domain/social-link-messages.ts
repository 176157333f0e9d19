/** product.md#ride-cards: alerts of the completed-ride cards when a social link is missing. */
export const SOCIAL_LINK_MESSAGES = {
  instagramMissing: "Instagram link not available for this ride yet.",
  youtubeMissing: "YouTube video not available for this ride yet.",
} as const;
