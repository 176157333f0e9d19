import { type FocusEvent, type FormEvent, Fragment, useEffect, useMemo, useRef, useState } from "react";
import { formatCost } from "~/domain/cost";
import { firstTextFields } from "~/domain/form-fields";
import {
  BLOOD_GROUPS,
  HONEYPOT_FIELD,
  RIDER_DETAIL_FIELDS,
  registrationInputSchema,
} from "~/domain/registration/input";
import { OPTION_LABELS, offeredOptions, type RegistrationSettings } from "~/domain/registration/settings";
import { parseOrErrors } from "~/domain/validation";
import { registerFormSlots } from "~/features/slots/register-form";
import { EmergencyContactFields, RiderContactFields } from "./contact-fields";
import { ErrorSummary } from "../form/error-summary";
import { FieldError } from "../form/field";
import { CheckField, SelectField, SUBMIT_CLASS, TextField } from "./form-controls";
import type { RegisterParts, RegisterPlace } from "./register-slot";

export type RegisterFormProps = RegisterParts<typeof registerFormSlots> & {
  settings: RegistrationSettings;
  /** The ride's mandatory things to carry and its cancellation policy, one point each. */
  thingsToCarry: string[];
  cancellationPolicy: string[];
  consent: string;
  /** What the rider typed, sent back when the form was refused (or their saved details). */
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
  /** The button's text: "Register" unless the form does something else (a seat handed on). */
  submitText?: string;
};

/**
 * The fields in the order the form shows them, the features' after the core's: the error summary
 * lists messages in this order.
 */
const REGISTER_FIELDS = [
  ...RIDER_DETAIL_FIELDS,
  "option",
  "bikeModel",
  "pillionName",
  "licenceNumber",
  "acknowledgeCarry",
  "acknowledgePolicy",
  "consent",
  ...registerFormSlots.flatMap((slot) => slot.fields ?? []),
  HONEYPOT_FIELD,
];

export const BLOOD_GROUP_CHOICES = [
  { value: "", label: "Choose…" },
  ...BLOOD_GROUPS.map((group) => ({ value: group, label: group === "unknown" ? "Don't know" : group })),
];

const ticked = (value: string | undefined) => value === "on";

function Points({ items }: { items: string[] }) {
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-700">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * The messages the browser can give before the server does, from the same schema the server
 * checks (domain/registration/input.ts): a field's message when the rider leaves it filled in wrongly,
 * all of them when the form is sent. The server still checks everything; without script, its
 * answer is the only one.
 */
function useInlineMessages(settings: RegistrationSettings, initial: Record<string, string>, initialFormError?: string) {
  const schema = useMemo(() => registrationInputSchema(settings), [settings]);
  const [errors, setErrors] = useState(initial);
  const [formError, setFormError] = useState(initialFormError);
  const [refused, setRefused] = useState(0);
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refused > 0) summary.current?.focus();
  }, [refused]);

  const messagesOf = (form: HTMLFormElement) => {
    const result = parseOrErrors(schema, firstTextFields(new FormData(form)));
    return result.ok ? {} : result.errors;
  };

  function recheck(form: HTMLFormElement, name: string) {
    const message = messagesOf(form)[name];
    setErrors(({ [name]: _old, ...others }) => (message ? { ...others, [name]: message } : others));
  }

  /**
   * A message goes as soon as what the rider types or ticks puts it right. Messages only come
   * when the rider leaves a field they filled in: never while the pointer is on its way to the
   * next one, where a message appearing would move the target from under it.
   */
  function onEdit(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as Partial<HTMLInputElement>;
    if (name && errors[name]) recheck(event.currentTarget, name);
  }

  function onLeave(event: FocusEvent<HTMLFormElement>) {
    const field = event.target as Partial<HTMLInputElement>;
    const name = field.name;
    if (!name || name === HONEYPOT_FIELD || field.type === "checkbox" || field.type === "radio" || !field.value) return;
    recheck(event.currentTarget, name);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const messages = messagesOf(event.currentTarget);
    if (Object.keys(messages).length === 0) return;
    event.preventDefault();
    setErrors(messages);
    setFormError(undefined);
    setRefused((count) => count + 1);
  }

  return { errors, formError, summary, onEdit, onLeave, onSubmit };
}

/**
 * The registration form of a ride (decision 020), an island: a plain form post that works without
 * JavaScript, where the server checks every field and sends the form back with the rider's
 * values and a message per field; hydrated, it gives the same messages as the rider goes.
 */
export function RegisterForm(props: RegisterFormProps) {
  const { settings, values, submitText = "Register" } = props;
  const { errors, formError, summary, onEdit, onLeave, onSubmit } = useInlineMessages(
    settings,
    props.errors,
    props.formError,
  );
  // The features' parts (app/features/slots/register-form.tsx), each reading its own props.
  const at = (place: RegisterPlace) =>
    registerFormSlots
      .filter((slot) => slot.place === place)
      .map((slot) => <Fragment key={slot.feature}>{slot.render({ part: props, values, errors })}</Fragment>);
  const options = offeredOptions(settings);
  const chosen = values.option ?? (options.length === 1 ? options[0] : undefined);
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the form hears its fields' blur and input events (delegation); the fields stay the interactive elements
    <form
      method="post"
      noValidate
      className="space-y-8"
      aria-label="Registration"
      onBlur={onLeave}
      onInput={onEdit}
      onChange={onEdit}
      onSubmit={onSubmit}
    >
      <ErrorSummary ref={summary} errors={errors} order={REGISTER_FIELDS} formError={formError} />
      {at("top")}

      <fieldset className="space-y-4">
        <legend className="text-xl font-bold text-ink-900">About you</legend>
        <RiderContactFields values={values} errors={errors} withHints />
        <SelectField
          name="bloodGroup"
          label="Blood group"
          choices={BLOOD_GROUP_CHOICES}
          defaultValue={values.bloodGroup ?? ""}
          error={errors.bloodGroup}
        />
        {settings.askLicence ? (
          <TextField
            name="licenceNumber"
            label="Driving licence number"
            autoComplete="off"
            maxLength={32}
            defaultValue={values.licenceNumber}
            error={errors.licenceNumber}
          />
        ) : null}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-xl font-bold text-ink-900">Emergency contact</legend>
        <EmergencyContactFields values={values} errors={errors} />
      </fieldset>

      <fieldset
        className="space-y-3"
        aria-describedby={errors.option ? "option-error" : undefined}
        aria-invalid={errors.option ? true : undefined}
      >
        <legend className="text-xl font-bold text-ink-900">How you ride</legend>
        {options.map((option) => {
          const price = formatCost(settings.options[option].price);
          return (
            <label
              key={option}
              className="flex items-center gap-3 rounded-xl border border-ink-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                id={option === options[0] ? "option" : undefined}
                type="radio"
                name="option"
                value={option}
                defaultChecked={chosen === option}
                className="size-5 accent-brand-600"
              />
              <span className="flex-1 text-ink-900">{OPTION_LABELS[option]}</span>
              {price ? <span className="font-semibold text-ink-900">{price}</span> : null}
            </label>
          );
        })}
        <FieldError id="option" error={errors.option} />
        {options.some((option) => option !== "rental") ? (
          <TextField
            name="bikeModel"
            label="Your bike's model"
            optional
            maxLength={100}
            hint="Needed when you ride your own bike"
            defaultValue={values.bikeModel}
            error={errors.bikeModel}
          />
        ) : null}
        {options.includes("pillion") ? (
          <TextField
            name="pillionName"
            label="Pillion's name"
            optional
            maxLength={100}
            hint="Needed when you ride with a pillion"
            defaultValue={values.pillionName}
            error={errors.pillionName}
          />
        ) : null}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-xl font-bold text-ink-900">Before you book</legend>
        <div>
          <p className="font-medium text-ink-800">Mandatory things to carry</p>
          <Points items={props.thingsToCarry} />
        </div>
        <CheckField
          name="acknowledgeCarry"
          label="I will carry the mandatory things listed above."
          defaultChecked={ticked(values.acknowledgeCarry)}
          error={errors.acknowledgeCarry}
        />
        <div>
          <p className="font-medium text-ink-800">Cancellation policy</p>
          <Points items={props.cancellationPolicy} />
        </div>
        <CheckField
          name="acknowledgePolicy"
          label="I accept the cancellation policy."
          defaultChecked={ticked(values.acknowledgePolicy)}
          error={errors.acknowledgePolicy}
        />
        <CheckField
          name="consent"
          label={props.consent}
          defaultChecked={ticked(values.consent)}
          error={errors.consent}
        />
        {at("beforeYouBook")}
      </fieldset>

      {at("end")}

      {/* The honeypot: out of sight and out of the accessibility tree; a bot filling every field fills it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>Leave this empty</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button type="submit" className={SUBMIT_CLASS}>
        {submitText}
      </button>
    </form>
  );
}
