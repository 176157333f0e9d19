import { FEATURED_MESSAGES } from "~/domain/messages";
import { saveFeaturedRide } from "~/server/content/featured.server";
import { singleRecordAction } from "~/server/admin/single-record-action.server";

/** 'Save Featured Ride': { featured: {…} }. */
export const featuredAction = singleRecordAction({
  field: "featured",
  save: saveFeaturedRide,
  messages: { saved: FEATURED_MESSAGES.updated, failed: FEATURED_MESSAGES.saveError },
  log: "saving the featured ride failed",
});
