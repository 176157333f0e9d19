import { RideCard } from "~/components/ride-card";
import type { RideCardData } from "~/domain/ride-summary";

/** 'You Might Also Like' (product.md#similar-rides): up to three other rides with the same status. */
export function SimilarRides({ rides, variant }: { rides: RideCardData[]; variant: "upcoming" | "completed" }) {
  if (rides.length === 0) return null;
  return (
    <section aria-labelledby="similar-rides-heading" className="bg-sand-50 py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="similar-rides-heading" className="text-title font-bold text-ink-900">
          You Might Also Like
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {rides.map((ride) => (
            <li key={ride.id} className="grid">
              <RideCard ride={ride} variant={variant} headingLevel={3} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
