import { CircleCheck, CircleX } from "lucide-react";
import type { Ride } from "~/domain/ride";
import { ItemList } from "./item-list";
import { RideSection, SubHeading } from "./ride-section";

/** product.md#ride-page: what the price includes and what it does not. */
export function RideInclusions({ ride }: { ride: Pick<Ride, "included" | "excluded"> }) {
  return (
    <RideSection id="inclusions" title="Inclusions">
      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-3">
          <SubHeading>What's Included</SubHeading>
          <ItemList items={ride.included} icon={CircleCheck} iconClassName="text-success-600" />
        </div>
        <div className="space-y-3">
          <SubHeading>What's Not Included</SubHeading>
          <ItemList items={ride.excluded} icon={CircleX} iconClassName="text-brand-700" />
        </div>
      </div>
    </RideSection>
  );
}
