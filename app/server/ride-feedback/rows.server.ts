import type { Selectable } from "kysely";
import { isFeedbackStatus, type RideFeedback } from "~/domain/ride-feedback/feedback";
import type { RideFeedbackTable } from "../db/schema.server";

export function feedbackFromRow(row: Selectable<RideFeedbackTable>): RideFeedback {
  return {
    id: row.id,
    rideId: row.ride_id,
    registrationId: row.registration_id,
    rating: Number(row.rating),
    words: row.words,
    credit: row.credit,
    // A status the code no longer knows is treated as waiting: never public by mistake.
    status: isFeedbackStatus(row.status) ? row.status : "pending",
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    reviewedAt: row.reviewed_at,
    reviewedBy: row.reviewed_by,
  };
}

/**
 * The content event that refreshes the ride's public pages (the render cache drops every page on
 * it); null when the words of many rides may have changed (an erasure sweep).
 */
export function feedbackChanged(rideId: string | null) {
  return { kind: "content-changed", change: { collection: "rides", id: rideId, action: "updated" } } as const;
}
