import type { AppServices } from "~/context";
import { type AuditAction, RIDER_ACTOR } from "~/domain/audit";
import { auditChange } from "../admin/respond.server";
import type { Cancellation, Registration } from "../services/registrations.server";

// A rider's own actions in the admins' recent activity (issue 12): named by booking reference
// only, since the trail outlives the rider's personal data (erasure never reaches it).

async function audit(services: AppServices, registration: Registration, action: AuditAction, summary: string) {
  await auditChange(services, RIDER_ACTOR, {
    action,
    collection: "registrations",
    recordId: registration.id,
    summary,
  });
}

function promotedText({ promoted }: Cancellation): string {
  return promoted.length ? `; ${promoted.map((entry) => entry.reference).join(", ")} confirmed from the waitlist` : "";
}

export function auditRegistered(services: AppServices, registration: Registration, rideTitle: string) {
  const how = registration.status === "confirmed" ? "registered" : "joined the waitlist";
  return audit(services, registration, "created", `Booking ${registration.reference} ${how} for "${rideTitle}"`);
}

export function auditRiderCancelled(services: AppServices, cancellation: Cancellation, erased: boolean) {
  const { registration } = cancellation;
  const what = erased ? "cancelled by the rider, personal data erased" : "cancelled by the rider";
  return audit(
    services,
    registration,
    erased ? "deleted" : "status-changed",
    `Booking ${registration.reference} ${what}${promotedText(cancellation)}`,
  );
}
