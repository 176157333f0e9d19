import type { ChangeEvent, ReactNode } from "react";
import {
  CheckboxField,
  InputField,
  type InputFieldProps,
  SelectField,
  type SelectFieldProps,
  TextAreaField,
} from "~/components/form/controls";
import { controlClass } from "~/components/form/field";

// The admin's controls, on the form kit (app/components/form): controlled, each value a string
// handed to onChange. A field is required unless it says `optional` (docs/features/forms.md).

/** One input style for every admin form (the kit's compact look), for inputs built by hand. */
export const inputClass = controlClass("compact");

/** What an admin text control changes: its value, as a string. */
type Controlled = { value: string; onChange: (value: string) => void };
const toValue =
  (onChange: (value: string) => void) =>
  (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    onChange(event.target.value);

type TextInputProps = Controlled & Omit<InputFieldProps, "value" | "onChange" | "density">;

export function TextInput({ onChange, ...field }: TextInputProps) {
  return <InputField {...field} onChange={toValue(onChange)} />;
}

type TextAreaProps = Controlled & {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  optional?: boolean;
  rows?: number;
};

export function TextArea({ onChange, ...field }: TextAreaProps) {
  return <TextAreaField {...field} onChange={toValue(onChange)} />;
}

type SelectProps = Controlled & Omit<SelectFieldProps, "value" | "onChange" | "density">;

export function SelectInput({ onChange, ...field }: SelectProps) {
  return <SelectField {...field} onChange={toValue(onChange)} />;
}

type CheckboxProps = {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
};

/** A setting to turn on or off. */
export function Checkbox({ onChange, ...field }: CheckboxProps) {
  return <CheckboxField {...field} onChange={(event) => onChange(event.target.checked)} />;
}

/** A titled group of fields (a <fieldset>, so a screen reader names the group of each field). */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="min-w-0 rounded-card border border-ink-200 bg-white p-4 sm:p-6">
      <legend className="px-1 font-display text-lg font-bold text-ink-900">{title}</legend>
      {description && <p className="mb-4 text-sm text-ink-600">{description}</p>}
      <div className="space-y-4">{children}</div>
    </fieldset>
  );
}
