import type { ReactNode } from "react";
import {
  CheckboxField,
  type Choice,
  InputField,
  type InputFieldProps,
  SelectField as KitSelect,
  type SelectFieldProps,
} from "../form/controls";

// The controls of the rider's forms (registration, contact details, UTR), on the form kit
// (app/components/form): plain HTML that posts without JavaScript. A control's id is its name,
// so the error summary's links and the server's messages (keyed by name) find it.

type Named<P> = Omit<P, "id" | "density" | "name"> & { name: string };

/** A one-line text field. */
export function TextField({ name, ...field }: Named<InputFieldProps>) {
  return <InputField {...field} id={name} name={name} density="roomy" />;
}

export function SelectField({
  name,
  choices,
  ...field
}: Named<Omit<SelectFieldProps, "options">> & { choices: readonly Choice[] }) {
  return <KitSelect {...field} id={name} name={name} options={choices} density="roomy" />;
}

/** A box the rider must tick; what they agree to is its label (and the text above it). */
export function CheckField({
  name,
  label,
  error,
  defaultChecked,
}: {
  name: string;
  label: ReactNode;
  error?: string;
  defaultChecked: boolean;
}) {
  return (
    <CheckboxField
      id={name}
      name={name}
      label={label}
      error={error}
      defaultChecked={defaultChecked}
      required
      density="roomy"
    />
  );
}

/** The main button of a rider's form looks like Register Now, which led there. */
export { REGISTER_BUTTON_CLASS as SUBMIT_CLASS } from "../ride/register-button";

export const SECONDARY_CLASS =
  "inline-flex min-h-11 items-center justify-center rounded-xl border border-ink-300 bg-white px-5 font-semibold text-ink-900 transition hover:bg-ink-50";
