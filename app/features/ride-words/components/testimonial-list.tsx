import { ratingLabel, ratingStars, type Testimonial } from "~/features/ride-words/domain/feedback";

// Riders' words as the public pages quote them (docs/features/ride-words.md#public-pages): the
// rating as stars with its text alternative, the words, the rider's first name, and the ride's
// title when the words are about another ride.

export function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-brand-600">
      <span aria-hidden="true">{ratingStars(rating)}</span>
      <span className="sr-only">{`Rated ${ratingLabel(rating)}`}</span>
    </span>
  );
}

export function TestimonialList({ testimonials }: { testimonials: readonly (Testimonial & { rideTitle?: string })[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {testimonials.map((testimonial) => (
        <li key={testimonial.id} className="rounded-xl bg-sand-50 p-5" data-testid="testimonial">
          <figure>
            <Stars rating={testimonial.rating} />
            <blockquote className="mt-2 leading-relaxed whitespace-pre-line text-ink-800">
              {testimonial.words}
            </blockquote>
            <figcaption className="mt-3 text-sm font-semibold text-ink-900">
              — {testimonial.credit}
              {testimonial.rideTitle ? (
                <span className="font-normal text-ink-700">, {testimonial.rideTitle}</span>
              ) : null}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
