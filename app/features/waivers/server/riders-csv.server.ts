import type { RidersCsvPart } from "~/server/registries/riders-page.server";
import { WAIVER_STATE_LABELS, waiverStateOf } from "../domain/waiver";
import { currentWaiver } from "./current-waiver.server";
import { versionNumbers } from "./waivers.server";

/** Each rider's answer to their ride's waiver in the riders' CSV: its state against the current one, the version accepted, the name typed and when. */
export const waiversRidersCsv = {
  headers: ["Waiver", "Waiver version accepted", "Waiver name typed", "Waiver accepted at"],
  cells: async (db, registrations) => {
    const current = new Map<string, { id: string } | null>();
    for (const rideId of new Set(registrations.map((registration) => registration.rideId)))
      current.set(rideId, await currentWaiver(db, rideId));
    const versionOf = await versionNumbers(
      db,
      registrations.map((registration) => registration.waiverId),
    );
    return (registration) => [
      WAIVER_STATE_LABELS[waiverStateOf(current.get(registration.rideId) ?? null, registration.waiverId)],
      registration.waiverId ? (versionOf.get(registration.waiverId) ?? "") : "",
      registration.waiverName,
      registration.waiverAcceptedAt ?? "",
    ];
  },
} satisfies RidersCsvPart;
