import { Route } from "lucide-react";
import type { ItineraryDay } from "~/domain/ride";
import { RideSection } from "./ride-section";

/** Itinerary (product.md#ride-page): each day with its title, description, activities and distance. */
export function RideItinerary({ itinerary }: { itinerary: ItineraryDay[] }) {
  return (
    <RideSection id="itinerary" title="Itinerary">
      {itinerary.length === 0 ? (
        <p>The day-by-day plan will be shared soon.</p>
      ) : (
        <ol className="space-y-4 border-l-2 border-brand-200 pl-6">
          {itinerary.map((day) => (
            <li key={day.day} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.95rem] size-3.5 rounded-full border-2 border-white bg-brand-600"
              />
              <h3 className="text-lg font-semibold text-ink-900">
                Day {day.day}
                {day.title ? `: ${day.title}` : ""}
              </h3>
              {day.description ? <p className="mt-1 leading-relaxed whitespace-pre-line">{day.description}</p> : null}
              {day.activities.length > 0 ? (
                <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Day ${day.day} activities`}>
                  {day.activities.map((activity, index) => (
                    // oxlint-disable-next-line react/no-array-index-key -- free text that may repeat
                    <li key={`${index}-${activity}`} className="rounded-full bg-ink-50 px-3 py-1 text-sm text-ink-700">
                      {activity}
                    </li>
                  ))}
                </ul>
              ) : null}
              {day.distance ? (
                <p className="mt-2 flex items-center gap-2 text-sm text-ink-600">
                  <Route aria-hidden="true" className="size-4 text-brand-600" />
                  <span className="sr-only">Distance: </span>
                  {day.distance}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </RideSection>
  );
}
