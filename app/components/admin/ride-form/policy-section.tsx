import { memo } from "react";
import { FormSection, TextArea } from "../form/fields";
import { fieldId, type SectionProps } from "./section-props";

const ONE_PER_LINE = "One point per line. Visitors see the default policy while this is empty.";

export const PolicySection = memo(function PolicySection({ draft, errors, update }: SectionProps) {
  return (
    <FormSection title="Policy">
      <TextArea
        id={fieldId("cancellationPolicy")}
        label="Cancellation policy"
        optional
        value={draft.cancellationPolicy}
        onChange={(value) => update("cancellationPolicy", value)}
        error={errors.cancellationPolicy}
        hint={ONE_PER_LINE}
      />
      <TextArea
        id={fieldId("paymentTerms")}
        label="Payment terms"
        optional
        value={draft.paymentTerms}
        onChange={(value) => update("paymentTerms", value)}
        error={errors.paymentTerms}
        hint={ONE_PER_LINE}
      />
    </FormSection>
  );
});

export const HowToJoinSection = memo(function HowToJoinSection({ draft, errors, update }: SectionProps) {
  return (
    <FormSection title="How to join">
      <TextArea
        id={fieldId("howToJoin")}
        label="How to join this trip"
        optional
        value={draft.howToJoin}
        onChange={(value) => update("howToJoin", value)}
        error={errors.howToJoin}
        hint="Shown on the ride page only when filled in"
      />
    </FormSection>
  );
});
