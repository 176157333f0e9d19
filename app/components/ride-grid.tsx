import type { RideCardData } from "~/domain/ride-summary";
import { RideCard, type RideCardProps } from "./ride-card";

type RideGridProps = {
  rides: RideCardData[];
  variant: NonNullable<RideCardProps["variant"]>;
  /** How many cards (the first row at full width) load their images eagerly; the rest wait until scrolled near. */
  eagerCount?: number;
  headingLevel?: RideCardProps["headingLevel"];
};

export function RideGrid({ rides, variant, eagerCount = 0, headingLevel }: RideGridProps) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {rides.map((ride, index) => (
        <li key={ride.id} className="flex">
          <RideCard ride={ride} variant={variant} priority={index < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
