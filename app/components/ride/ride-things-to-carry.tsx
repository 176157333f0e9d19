import { Backpack, CircleAlert } from "lucide-react";
import type { Ride } from "~/domain/ride";
import { ItemList } from "./item-list";
import { RideSection, SubHeading } from "./ride-section";

/** product.md#ride-page: Things to Carry in a Mandatory and a Suggested column. */
export function RideThingsToCarry({ ride }: { ride: Pick<Ride, "thingsToCarryMandatory" | "thingsToCarrySuggested"> }) {
  return (
    <RideSection id="things-to-carry" title="Things to Carry">
      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-5">
          <SubHeading>Mandatory</SubHeading>
          <ItemList items={ride.thingsToCarryMandatory} icon={CircleAlert} iconClassName="text-brand-700" />
        </div>
        <div className="space-y-3 rounded-xl border border-ink-100 bg-ink-50 p-5">
          <SubHeading>Suggested</SubHeading>
          <ItemList items={ride.thingsToCarrySuggested} icon={Backpack} iconClassName="text-ink-600" />
        </div>
      </div>
    </RideSection>
  );
}
