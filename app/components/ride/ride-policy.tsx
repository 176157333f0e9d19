import { Dot } from "lucide-react";
import { policyPoints } from "~/domain/defaults";
import type { Ride } from "~/domain/ride";
import { rideRuleSentences } from "~/domain/registration/policy-sentences";
import { ItemList } from "./item-list";
import { Paragraphs, RideSection, SubHeading } from "./ride-section";

/**
 * Policy (product.md#ride-page): cancellation and payment terms, and 'How to Join This Trip'
 * when the admin wrote one.
 */
export function RidePolicy({
  ride,
}: {
  ride: Pick<Ride, "cancellationPolicy" | "paymentTerms" | "howToJoin" | "registration">;
}) {
  // The ride's rules (tiers, fee: docs/features/cancellation.md) first, then its words.
  const rules = rideRuleSentences(ride);
  return (
    <RideSection id="policy" title="Policy">
      <div className="space-y-3">
        <SubHeading>Cancellation Policy</SubHeading>
        {rules.length > 0 ? (
          <div data-testid="policy-rules">
            <ItemList items={rules} icon={Dot} iconClassName="text-brand-600" />
          </div>
        ) : null}
        <ItemList items={policyPoints(ride.cancellationPolicy)} icon={Dot} iconClassName="text-brand-600" />
      </div>
      <div className="space-y-3">
        <SubHeading>Payment Terms</SubHeading>
        <ItemList items={policyPoints(ride.paymentTerms)} icon={Dot} iconClassName="text-brand-600" />
      </div>
      {ride.howToJoin.trim() ? (
        <div className="space-y-3 rounded-xl bg-sand-50 p-5">
          <SubHeading>How to Join This Trip</SubHeading>
          <Paragraphs text={ride.howToJoin} />
        </div>
      ) : null}
    </RideSection>
  );
}
