import { memo } from "react";
import {
  MAX_SEATS,
  OPTION_LABELS,
  REGISTRATION_MODES,
  REGISTRATION_OPTIONS,
  type RegistrationMode,
  type RegistrationOption,
} from "~/domain/registration/settings";
import { FieldError } from "~/components/form/field";
import { Checkbox, FormSection, SelectInput, TextInput } from "../form/fields";
import type { RegistrationDraft } from "./draft";
import { fieldId, type SectionProps } from "./section-props";

const MODE_LABELS: Record<RegistrationMode, string> = {
  external: "External booking form (the Booking form URL)",
  site: "On this site",
  closed: "Closed",
};
const MODE_CHOICES = REGISTRATION_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }));

function isMode(value: string): value is RegistrationMode {
  return (REGISTRATION_MODES as readonly string[]).includes(value);
}

/**
 * How riders register for the ride (decision 019): through the external form, on this site (seats,
 * options with prices, waitlist, licence number asked), or not at all. The cut-off is the last
 * booking date of the Pricing section. The server checks every value with the same schema.
 */
export const RegistrationSection = memo(function RegistrationSection({ draft, errors, update }: SectionProps) {
  const registration = draft.registration;
  const change = (patch: Partial<RegistrationDraft>) => update("registration", { ...registration, ...patch });
  const changeOption = (name: RegistrationOption, patch: Partial<RegistrationDraft["options"][RegistrationOption]>) =>
    change({ options: { ...registration.options, [name]: { ...registration.options[name], ...patch } } });
  const onSite = registration.mode === "site";

  return (
    <FormSection
      title="Registration"
      description="Riders register on this site until the end of the last booking date (India time); completed and cancelled rides take no registrations."
    >
      <SelectInput
        id={fieldId("registration.mode")}
        label="Registration"
        value={registration.mode}
        options={MODE_CHOICES}
        onChange={(value) => {
          if (isMode(value)) change({ mode: value });
        }}
        error={errors["registration.mode"]}
      />
      {onSite && (
        <>
          <TextInput
            id={fieldId("registration.seats")}
            label="Seats"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SEATS}
            value={registration.seats}
            onChange={(value) => change({ seats: value })}
            error={errors["registration.seats"]}
            hint="A rider with a pillion takes two seats"
          />
          <div id={fieldId("registration.options")} className="space-y-3">
            {REGISTRATION_OPTIONS.map((name) => (
              <div key={name} className="grid items-end gap-3 sm:grid-cols-2">
                <Checkbox
                  id={fieldId(`registration.options.${name}.offered`)}
                  label={OPTION_LABELS[name]}
                  checked={registration.options[name].offered}
                  onChange={(offered) => changeOption(name, { offered })}
                />
                <TextInput
                  id={fieldId(`registration.options.${name}.price`)}
                  label={`${OPTION_LABELS[name]}: price`}
                  optional
                  value={registration.options[name].price}
                  onChange={(price) => changeOption(name, { price })}
                  error={errors[`registration.options.${name}.price`]}
                  placeholder="₹18,500"
                />
              </div>
            ))}
            <FieldError id={fieldId("registration.options")} error={errors["registration.options"]} />
          </div>
          <Checkbox
            id={fieldId("registration.waitlist")}
            label="Waitlist when full"
            checked={registration.waitlist}
            onChange={(waitlist) => change({ waitlist })}
            hint="A cancellation confirms the first rider waiting"
          />
          <Checkbox
            id={fieldId("registration.askLicence")}
            label="Ask for the driving licence number"
            checked={registration.askLicence}
            onChange={(askLicence) => change({ askLicence })}
          />
          <TextInput
            id={fieldId("whatsappGroupUrl")}
            label="WhatsApp group link"
            optional
            type="url"
            inputMode="url"
            value={draft.whatsappGroupUrl}
            onChange={(value) => update("whatsappGroupUrl", value)}
            error={errors.whatsappGroupUrl}
            placeholder="https://chat.whatsapp.com/…"
            hint="Private: shown only to confirmed riders, on their booking page"
          />
        </>
      )}
    </FormSection>
  );
});
