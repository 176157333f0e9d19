import { z } from "zod";
import { line, requiredMultilineText } from "~/domain/fields";

// Riders' words (docs/features/ride-words.md): what a checked-in rider says about a ride they
// rode, a rating and a few words, and what each state of the answer allows.

/**
 * pending: written or edited by the rider, waiting for an admin; approved: public; hidden: an
 * admin kept it off the public pages; withdrawn: the rider took back approved words.
 */
export const RIDE_FEEDBACK_STATUSES = ["pending", "approved", "hidden", "withdrawn"] as const;
export type RideFeedbackStatus = (typeof RIDE_FEEDBACK_STATUSES)[number];

export const FEEDBACK_STATUS_LABELS: Readonly<Record<RideFeedbackStatus, string>> = {
  pending: "Waiting for review",
  approved: "Approved",
  hidden: "Hidden",
  withdrawn: "Withdrawn by the rider",
};

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const MAX_WORDS_LENGTH = 600;

export const RATING_LABELS: Readonly<Record<number, string>> = {
  1: "1 – Poor",
  2: "2 – Fair",
  3: "3 – Good",
  4: "4 – Very good",
  5: "5 – Excellent",
};

/** A rider's answer as the booking page's form sends it; every field comes as text. */
export const feedbackInputSchema = z.object({
  rating: line("Choose a rating from 1 to 5")
    .pipe(z.enum(["1", "2", "3", "4", "5"], { error: "Choose a rating from 1 to 5" }))
    .transform(Number),
  words: requiredMultilineText("Write a few words about the ride").refine(
    (words) => words.length <= MAX_WORDS_LENGTH,
    `Your words must be at most ${MAX_WORDS_LENGTH} characters`,
  ),
});
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

/** An answer as the rider and the admins see it. */
export type RideFeedback = {
  id: string;
  rideId: string;
  registrationId: string;
  rating: number;
  words: string;
  credit: string;
  status: RideFeedbackStatus;
  createdAt: string;
  updatedAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
};

/** Words as a public page shows them: approved only, the first name only. */
export type Testimonial = Pick<RideFeedback, "id" | "rating" | "words" | "credit">;

/** Words shown away from their ride's page name the ride. */
export type RideTestimonial = Testimonial & { rideTitle: string };

/** What a ride's public page shows: its own approved words and average, and, for an upcoming ride, its route's. */
export type PublicRideWords = { own: Testimonial[]; summary: RatingSummary | null; route: RideTestimonial[] };

export function isFeedbackStatus(value: unknown): value is RideFeedbackStatus {
  return (RIDE_FEEDBACK_STATUSES as readonly unknown[]).includes(value);
}

/**
 * The rider may change their answer until it is approved; a hidden answer edited goes back to
 * the admins. Withdrawn words stay withdrawn.
 */
export function canEditFeedback(status: RideFeedbackStatus): boolean {
  return status === "pending" || status === "hidden";
}

/** Approved words may be withdrawn by the rider: they leave the public pages at once. */
export function canWithdrawFeedback(status: RideFeedbackStatus): boolean {
  return status === "approved";
}

/** What an admin's review sets: approve publishes, hide takes off. Withdrawn words are the rider's. */
export const REVIEW_DECISIONS = ["approve", "hide"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export function reviewedStatus(current: RideFeedbackStatus, decision: ReviewDecision): RideFeedbackStatus | null {
  if (current === "withdrawn") return null;
  return decision === "approve" ? "approved" : "hidden";
}

/** A ride's average of approved ratings, to one decimal, and how many there are. */
export type RatingSummary = { average: number; count: number };

export function ratingSummary(ratings: readonly number[]): RatingSummary | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return { average: Math.round((sum / ratings.length) * 10) / 10, count: ratings.length };
}

/** "4.6 ★ (12)": the figure shown; ratingSummaryLabel is what a screen reader says. */
export function formatRatingSummary({ average, count }: RatingSummary): string {
  return `${average.toFixed(1)} ★ (${count})`;
}

export function ratingSummaryLabel({ average, count }: RatingSummary): string {
  return `Rated ${average.toFixed(1)} out of 5 by ${count} rider${count === 1 ? "" : "s"}`;
}

/** "★★★★☆" for a rating; ratingLabel is its text alternative. */
export function ratingStars(rating: number): string {
  const full = Math.max(MIN_RATING, Math.min(MAX_RATING, Math.round(rating)));
  return "★".repeat(full) + "☆".repeat(MAX_RATING - full);
}

export function ratingLabel(rating: number): string {
  return `${rating} out of 5`;
}
