import type { RideTestimonial } from "~/features/ride-words/domain/feedback";
import { TestimonialList } from "./testimonial-list";

/** The About page's riders' words (docs/features/ride-words.md#about): a few, rotated each day. */
export function AboutWords({ testimonials }: { testimonials: readonly RideTestimonial[] }) {
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="about-words" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id="about-words" className="text-center text-title font-extrabold text-ink-900">
        What Riders Say
      </h2>
      <div className="mt-10">
        <TestimonialList testimonials={testimonials} />
      </div>
    </section>
  );
}
