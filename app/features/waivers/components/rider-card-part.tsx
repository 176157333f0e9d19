import type { RiderCardPart } from "~/components/admin/riders/rider-card-part";
import type { RiderWaiver } from "../domain/waiver";
import { WaiverFact } from "./waiver-fact";

/** The rider's waiver on their card, once the ride asks for one or they accepted one. */
export const waiverCardPart = {
  name: "waiver",
  fact: (rider) =>
    rider.waiver.state !== "not-required" || rider.waiver.version !== null
      ? { label: "Waiver", value: <WaiverFact waiver={rider.waiver} /> }
      : null,
} satisfies RiderCardPart<{ waiver: RiderWaiver }>;
