import type { ReactNode } from "react";

/**
 * A feature's section of a ride's Riders page, below the riders (app/features/slots/riders-page.tsx):
 * drawn from what its ridersPage part's section loaded into the page's data.
 */
export type RidersPageSection<Data extends object> = {
  /** Its key among the page's sections. */
  name: string;
  Section: (props: { rideId: string; page: Data; show: (text: string) => void }) => ReactNode;
};
