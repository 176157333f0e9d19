import { type FocusEvent, type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { formatCost } from "~/domain/cost";
import { firstTextFields } from "~/domain/form-fields";
import { BLOOD_GROUPS, HONEYPOT_FIELD, registrationInputSchema } from "~/domain/registration/input";
import { OPTION_LABELS, offeredOptions, type RegistrationSettings } from "~/domain/registration/settings";
import { parseOrErrors } from "~/domain/validation";
import { WAIVER_NAME_FIELD, WAIVER_VERSION_FIELD } from "~/features/waivers/domain/waiver";
import { USE_CREDIT_FIELD } from "~/features/credit/domain/credit-input";
import { WaiverText } from "~/features/waivers/components/waiver-text";
import { EmergencyContactFields, RiderContactFields } from "./contact-fields";
import { ErrorSummary } from "../form/error-summary";
import { FieldError } from "../form/field";
import { CheckboxField } from "../form/controls";
import { CheckField, SelectField, SUBMIT_CLASS, TextField } from "./form-controls";
import {
  OWN_ADDRESS_NOTE,
  SAVE_DETAILS_FIELD,
  saveDetailsLabel,
  SIGN_IN_TO_FILL,
} from "~/features/rider-accounts/domain/saved-details";
import { ME_PATH } from "~/domain/links";

export type RegisterFormProps = {
  settings: RegistrationSettings;
  /** The ride's mandatory things to carry and its cancellation policy, one point each. */
  thingsToCarry: string[];
  cancellationPolicy: string[];
  consent: string;
  /** The ride's current waiver, which the rider accepts by typing their full name; null: none. */
  waiver: RegistrationWaiver | null;
  /**
   * A signed-in rider's account: the box that keeps these details for their next registration
   * (`keeps`: they already keep some, so it updates them). Null for a visitor, who is offered to
   * sign in; left out where the form takes over a seat (a transfer), which keeps no details.
   */
  account?: { keeps: boolean } | null;
  /** What the rider typed, sent back when the form was refused (or their saved details). */
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
  /** The button's text: "Register" unless the form does something else (a seat handed on). */
  submitText?: string;
  /** The signed-in rider's credit left ('₹1,500') when the ride has a booking amount to spend it on; null: none. */
  credit?: string | null;
};

/** The fields in the order the form shows them: the error summary lists messages in this order. */
export const REGISTER_FIELDS = [
  "name",
  "mobile",
  "email",
  "emergencyName",
  "emergencyPhone",
  "bloodGroup",
  "option",
  "bikeModel",
  "pillionName",
  "licenceNumber",
  "acknowledgeCarry",
  "acknowledgePolicy",
  "consent",
  WAIVER_NAME_FIELD,
  HONEYPOT_FIELD,
] as const;

export type RegistrationWaiver = { id: string; version: number; text: string };

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
export function RegisterForm({
  settings,
  thingsToCarry,
  cancellationPolicy,
  consent,
  waiver,
  account,
  values,
  errors: serverErrors,
  formError: serverFormError,
  submitText = "Register",
  credit = null,
}: RegisterFormProps) {
  const { errors, formError, summary, onEdit, onLeave, onSubmit } = useInlineMessages(
    settings,
    serverErrors,
    serverFormError,
  );
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
      {account === null ? (
        <p className="text-ink-700">
          <a href={ME_PATH} className="font-semibold text-brand-700 underline underline-offset-4">
            {SIGN_IN_TO_FILL}
          </a>
        </p>
      ) : account ? (
        <p className="text-ink-700">{OWN_ADDRESS_NOTE}</p>
      ) : null}

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
          <Points items={thingsToCarry} />
        </div>
        <CheckField
          name="acknowledgeCarry"
          label="I will carry the mandatory things listed above."
          defaultChecked={ticked(values.acknowledgeCarry)}
          error={errors.acknowledgeCarry}
        />
        <div>
          <p className="font-medium text-ink-800">Cancellation policy</p>
          <Points items={cancellationPolicy} />
        </div>
        <CheckField
          name="acknowledgePolicy"
          label="I accept the cancellation policy."
          defaultChecked={ticked(values.acknowledgePolicy)}
          error={errors.acknowledgePolicy}
        />
        <CheckField name="consent" label={consent} defaultChecked={ticked(values.consent)} error={errors.consent} />
        {account ? (
          // An active opt-in: ticked beforehand only for a rider who already keeps saved details.
          <CheckboxField
            id={SAVE_DETAILS_FIELD}
            name={SAVE_DETAILS_FIELD}
            label={saveDetailsLabel(account.keeps)}
            hint="You can see, change or forget them at any time under Your details."
            defaultChecked={ticked(values[SAVE_DETAILS_FIELD])}
            density="roomy"
          />
        ) : null}
      </fieldset>

      {credit ? (
        <CheckboxField
          id={USE_CREDIT_FIELD}
          name={USE_CREDIT_FIELD}
          label={`Use my credit: ${credit} available`}
          hint="It pays the booking amount, or part of it; you pay the rest by UPI"
          // Ticked until the rider sends the form back without it.
          defaultChecked={Object.keys(values).length === 0 || ticked(values[USE_CREDIT_FIELD])}
          density="roomy"
        />
      ) : null}

      {waiver ? (
        <fieldset className="space-y-4">
          <legend className="text-xl font-bold text-ink-900">Waiver</legend>
          <WaiverText version={waiver.version} text={waiver.text} />
          <input type="hidden" name={WAIVER_VERSION_FIELD} value={waiver.id} />
          <TextField
            name={WAIVER_NAME_FIELD}
            label="Type your full name to accept the waiver"
            hint="As you gave it above: this is your signature."
            autoComplete="off"
            maxLength={100}
            defaultValue={values[WAIVER_NAME_FIELD]}
            error={errors[WAIVER_NAME_FIELD]}
          />
        </fieldset>
      ) : null}

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
