import { Bike, Gauge, Sparkles, Sun, Users } from "lucide-react";
import type { Ride } from "~/domain/ride";
import { ItemList } from "./item-list";
import { Paragraphs, RideSection, SubHeading } from "./ride-section";

type OverviewRide = Pick<
  Ride,
  "description" | "highlights" | "vehicleType" | "maxParticipants" | "difficulty" | "bestSeason"
>;

/**
 * Overview (product.md#ride-page): description, highlights, vehicle type and group size;
 * difficulty and best season when set.
 */
export function RideOverview({ ride }: { ride: OverviewRide }) {
  const facts = [
    { label: "Vehicle Type", value: ride.vehicleType, icon: Bike },
    { label: "Group Size", value: ride.maxParticipants, icon: Users },
    { label: "Difficulty", value: ride.difficulty, icon: Gauge },
    { label: "Best Season", value: ride.bestSeason, icon: Sun },
  ].filter((fact) => fact.value.trim() !== "");
  return (
    <RideSection id="overview" title="Overview">
      <Paragraphs text={ride.description} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {facts.map(({ label, value, icon: Icon }) => (
          <div key={label} className="rounded-xl bg-sand-50 p-4">
            <dt className="flex items-center gap-2 text-sm text-ink-600">
              <Icon aria-hidden="true" className="size-4 text-brand-600" />
              {label}
            </dt>
            <dd className="mt-1 font-semibold text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-3">
        <SubHeading>Highlights</SubHeading>
        <ItemList items={ride.highlights} icon={Sparkles} iconClassName="text-brand-600" />
      </div>
    </RideSection>
  );
}
