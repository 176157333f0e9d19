import { latestMessagesSection } from "~/features/rider-messages/components/latest-messages";

/** The features' sections of a ride's Riders page, below the riders (routes/admin/ride-riders.tsx), in this order. */
export const ridersPageSections = [latestMessagesSection] as const;
