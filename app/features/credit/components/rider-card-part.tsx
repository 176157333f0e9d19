import type { RiderCardPart } from "~/components/admin/riders/rider-card-part";
import type { PendingCredit } from "../domain/pending-credit";
import { PendingCreditForm } from "./pending-credit";

/** A cancelled booking's pending credit, for an owner or editor to decide, below the rider's buttons. */
export const creditCardPart = {
  name: "credit",
  below: (rider, { run, pending }) =>
    rider.pendingCredit ? (
      <PendingCreditForm credit={rider.pendingCredit} reference={rider.reference} run={run} pending={pending} />
    ) : null,
} satisfies RiderCardPart<{ pendingCredit: PendingCredit | null }>;
