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
