import {
  formatRatingSummary,
  type PublicRideWords,
  type RatingSummary,
  ratingSummaryLabel,
} from "~/features/ride-words/domain/feedback";
import { TestimonialList } from "./testimonial-list";

/** "4.6 ★ (12)", read as "Rated 4.6 out of 5 by 12 riders". */
export function RatingSummaryBadge({ summary }: { summary: RatingSummary }) {
  return (
    <span className="inline-flex items-center gap-1 font-semibold text-ink-900" data-testid="rating-summary">
      <span aria-hidden="true">{formatRatingSummary(summary)}</span>
      <span className="sr-only">{ratingSummaryLabel(summary)}</span>
    </span>
  );
}

/**
 * A ride page's riders' words (docs/features/ride-words.md#public-pages): the ride's own approved
 * words with their average, and on an upcoming ride what riders said about the same route.
 */
export function RideWords({ words }: { words: PublicRideWords | null }) {
  if (!words || (words.own.length === 0 && words.route.length === 0)) return null;
  return (
    <>
      {words.own.length > 0 ? (
        <section id="riders-words" aria-labelledby="riders-words-heading" className="py-8">
          <h2 id="riders-words-heading" className="text-title font-bold text-ink-900">
            What riders said
          </h2>
          {words.summary ? (
            <p className="mt-2">
              <RatingSummaryBadge summary={words.summary} />
            </p>
          ) : null}
          <div className="mt-5">
            <TestimonialList testimonials={words.own} />
          </div>
        </section>
      ) : null}
      {words.route.length > 0 ? (
        <section id="route-words" aria-labelledby="route-words-heading" className="py-8">
          <h2 id="route-words-heading" className="text-title font-bold text-ink-900">
            What riders said about this route
          </h2>
          <div className="mt-5">
            <TestimonialList testimonials={words.route} />
          </div>
        </section>
      ) : null}
    </>
  );
}
