import { memo } from "react";
import { FormSection, TextInput } from "../form/fields";
import { fieldId, type SectionProps, SUPPORTED_DATES } from "./section-props";

export const PricingSection = memo(function PricingSection({ draft, errors, update }: SectionProps) {
  return (
    <FormSection
      title="Pricing"
      description="An empty or zero amount is not shown to visitors; ₹ is added when missing."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput
          id={fieldId("tripCost")}
          label="Trip cost"
          optional
          value={draft.tripCost}
          onChange={(value) => update("tripCost", value)}
          error={errors.tripCost}
          placeholder="₹18,500"
        />
        <TextInput
          id={fieldId("bookingCost")}
          label="Booking amount"
          optional
          value={draft.bookingCost}
          onChange={(value) => update("bookingCost", value)}
          error={errors.bookingCost}
          placeholder="₹5,000"
        />
        <TextInput
          id={fieldId("lastBookingDate")}
          label="Last booking date"
          optional
          type="date"
          value={draft.lastBookingDate}
          {...SUPPORTED_DATES}
          onChange={(value) => update("lastBookingDate", value)}
          error={errors.lastBookingDate}
        />
      </div>
    </FormSection>
  );
});

export const SocialSection = memo(function SocialSection({ draft, errors, update }: SectionProps) {
  return (
    <FormSection title="Social links">
      <TextInput
        id={fieldId("bookingFormUrl")}
        label="Booking form URL"
        optional
        type="url"
        inputMode="url"
        value={draft.bookingFormUrl}
        onChange={(value) => update("bookingFormUrl", value)}
        error={errors.bookingFormUrl}
        placeholder="https://"
        hint="Register Now opens this form; without it, Register Now goes to the contact page"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          id={fieldId("youtubeUrl")}
          label="YouTube URL"
          optional
          type="url"
          inputMode="url"
          value={draft.youtubeUrl}
          onChange={(value) => update("youtubeUrl", value)}
          error={errors.youtubeUrl}
          placeholder="https://"
        />
        <TextInput
          id={fieldId("instagramUrl")}
          label="Instagram URL"
          optional
          type="url"
          inputMode="url"
          value={draft.instagramUrl}
          onChange={(value) => update("instagramUrl", value)}
          error={errors.instagramUrl}
          placeholder="https://"
        />
      </div>
    </FormSection>
  );
});
