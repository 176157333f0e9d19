import type { RideFeedbackStatus } from "./feedback";

// Riders' words on the booking page (docs/features/ride-words.md#booking-page): its forms and
// what the page shows of the rider's own answer.

export const RIDE_WORDS_INTENT = "ride-words";
export const RIDE_WORDS_WITHDRAW_INTENT = "ride-words-withdraw";

export function isRideWordsIntent(intent: string | undefined): boolean {
  return intent === RIDE_WORDS_INTENT || intent === RIDE_WORDS_WITHDRAW_INTENT;
}

/** What the booking page shows of the rider's words; the page has no such section without it. */
export type RideWordsView = {
  /** The rider may answer (or edit) now: checked in on a ride that is over. */
  open: boolean;
  answer: {
    rating: number;
    words: string;
    status: RideFeedbackStatus;
    editable: boolean;
    withdrawable: boolean;
  } | null;
};
