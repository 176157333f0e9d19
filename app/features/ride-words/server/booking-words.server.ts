import { canEditFeedback, canWithdrawFeedback } from "~/features/ride-words/domain/feedback";
import { mayAnswer } from "~/features/ride-words/domain/ask";
import type { RideWordsView } from "~/features/ride-words/domain/booking";
import type { Ride } from "~/domain/ride";
import type { Executor } from "~/server/db/schema.server";
import type { Registration } from "~/server/registrations/rows.server";
import { feedbackOfRegistration } from "./queries.server";

/**
 * The booking page's "How was the ride?": shown once the rider may answer (checked in, the ride
 * over) or has answered; null otherwise.
 */
export async function rideWordsViewOf(
  db: Executor,
  registration: Registration,
  ride: Ride | null,
  now: Date,
): Promise<RideWordsView | null> {
  const open = mayAnswer(registration, ride, now);
  const feedback = await feedbackOfRegistration(db, registration.id);
  if (!open && !feedback) return null;
  return {
    open,
    answer: feedback
      ? {
          rating: feedback.rating,
          words: feedback.words,
          status: feedback.status,
          editable: canEditFeedback(feedback.status),
          withdrawable: canWithdrawFeedback(feedback.status),
        }
      : null,
  };
}
