import { memo } from "react";
import {
  MAX_BALANCE_DUE_DAYS,
  MAX_REMINDER_DAYS,
  MAX_SEATS,
  OPTION_LABELS,
  REGISTRATION_MODES,
  REGISTRATION_OPTIONS,
  REMINDER_RULE_KEYS,
  type RegistrationMode,
  type ReminderRuleKey,
  type RegistrationOption,
} from "~/domain/registration/settings";
import { FieldError } from "~/components/form/field";
import { Checkbox, FormSection, SelectInput, TextArea, TextInput } from "../form/fields";
import type { RegistrationDraft, ReminderDraft } from "./draft";
import { fieldId, type SectionProps } from "./section-props";

const MODE_LABELS: Record<RegistrationMode, string> = {
  external: "External booking form (the Booking form URL)",
  site: "On this site",
  closed: "Closed",
};
/** The reminder rules (rider-messages.md#reminders), each sent at 09:00 India time. */
const RULE_LABELS: Record<ReminderRuleKey, { label: string; days: string; hint: string }> = {
  week: {
    label: "Reminder: things to carry",
    days: "Things to carry: days before the start",
    hint: "To confirmed and waitlisted riders: the list, documents, the balance if due",
  },
  eve: {
    label: "Reminder: meeting point",
    days: "Meeting point: days before the start",
    hint: "To confirmed riders: the meeting point, the captain, day 1",
  },
};

const MODE_CHOICES = REGISTRATION_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }));

function isMode(value: string): value is RegistrationMode {
  return (REGISTRATION_MODES as readonly string[]).includes(value);
}

/**
 * How riders register for the ride (decision 019): through the external form, on this site (seats,
 * options with prices, when the balance is due, waitlist, licence number asked), or not at all. The cut-off is the last
 * booking date of the Pricing section. The server checks every value with the same schema.
 */
export const RegistrationSection = memo(function RegistrationSection({ draft, errors, update }: SectionProps) {
  const registration = draft.registration;
  const change = (patch: Partial<RegistrationDraft>) => update("registration", { ...registration, ...patch });
  const changeOption = (name: RegistrationOption, patch: Partial<RegistrationDraft["options"][RegistrationOption]>) =>
    change({ options: { ...registration.options, [name]: { ...registration.options[name], ...patch } } });
  const onSite = registration.mode === "site";
  const reminders = registration.reminders;
  const changeReminders = (patch: Partial<ReminderDraft>) => change({ reminders: { ...reminders, ...patch } });

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
          <TextInput
            id={fieldId("registration.balanceDueDays")}
            label="Balance due (days before the start)"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_BALANCE_DUE_DAYS}
            value={registration.balanceDueDays}
            onChange={(value) => change({ balanceDueDays: value })}
            error={errors["registration.balanceDueDays"]}
            hint="The booking amount holds the seat; the rest of the trip cost (the option's price, else the trip cost) is due this many days before the ride starts"
          />
          <TextInput
            id={fieldId("registration.sac")}
            label="SAC on GST documents"
            optional
            inputMode="numeric"
            value={registration.sac}
            onChange={(sac) => change({ sac })}
            error={errors["registration.sac"]}
            hint="Empty: the one in Receipts and GST (998555, tour operator services, unless changed there)"
          />
          <TextInput
            id={fieldId("registration.gstRate")}
            label="GST rate (%)"
            optional
            inputMode="decimal"
            value={registration.gstRate}
            onChange={(gstRate) => change({ gstRate })}
            error={errors["registration.gstRate"]}
            hint="Empty: the rate in Receipts and GST. Prices include it"
          />
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
          <Checkbox
            id={fieldId("registration.creditOnCancel")}
            label="A rider who cancels may take what comes back as credit for a future ride"
            checked={registration.creditOnCancel}
            onChange={(creditOnCancel) => change({ creditOnCancel })}
            hint="Their choice, beside a refund to how they paid; without cancellation rules, credit is the only way back"
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
          {REMINDER_RULE_KEYS.map((key) => (
            <div key={key} className="grid items-end gap-3 sm:grid-cols-2">
              <Checkbox
                id={fieldId(`registration.reminders.${key}.on`)}
                label={RULE_LABELS[key].label}
                checked={reminders[key].on}
                onChange={(on) => changeReminders({ [key]: { ...reminders[key], on } })}
                hint={RULE_LABELS[key].hint}
              />
              <TextInput
                id={fieldId(`registration.reminders.${key}.daysBefore`)}
                label={RULE_LABELS[key].days}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_REMINDER_DAYS}
                value={reminders[key].daysBefore}
                onChange={(daysBefore) => changeReminders({ [key]: { ...reminders[key], daysBefore } })}
                error={errors[`registration.reminders.${key}.daysBefore`]}
              />
            </div>
          ))}
          <TextArea
            id={fieldId("registration.reminders.extra")}
            label="Added to every reminder"
            optional
            rows={2}
            value={reminders.extra}
            onChange={(extra) => changeReminders({ extra })}
            error={errors["registration.reminders.extra"]}
          />
        </>
      )}
    </FormSection>
  );
});
