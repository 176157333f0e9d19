import type { RidersPagePart } from "~/server/registries/riders-page.server";
import { type RiderWaiver, riderWaiverOf } from "../domain/waiver";
import { currentWaiver } from "./current-waiver.server";
import { versionNumbers } from "./waivers.server";

/** Each rider's answer to the ride's waiver on the Riders and check-in pages (docs/features/waivers.md). */
export const waiversRidersPage = {
  facts: async (db, { ride, registrations }) => {
    const current = await currentWaiver(db, ride.id);
    const versions = await versionNumbers(
      db,
      registrations.map((registration) => registration.waiverId),
    );
    return (registration): { waiver: RiderWaiver } => ({ waiver: riderWaiverOf(current, versions, registration) });
  },
} satisfies RidersPagePart<{ waiver: RiderWaiver }>;
