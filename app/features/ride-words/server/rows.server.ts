import { createHash } from "node:crypto";
import type { Selectable } from "kysely";
import { isFeedbackStatus, type RideFeedback } from "~/features/ride-words/domain/feedback";
import type { RideFeedbackTable } from "~/server/db/schema.server";

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
 * Names one version of an answer, as an admin read it: what an approval must name, so that words
 * edited after the page was read are not published unread. Any change to the rating, the words
 * or the time of the last change gives another.
 */
export function feedbackVersion(feedback: Pick<RideFeedback, "rating" | "words" | "updatedAt">): string {
  const read = JSON.stringify([feedback.rating, feedback.words, feedback.updatedAt]);
  return createHash("sha256").update(read).digest("base64url").slice(0, 22);
}
