import type { ChangeEvent, InputHTMLAttributes, ReactNode } from "react";

const inputBase =
  "block w-full rounded-md border border-ink-300 px-3 py-2 text-base shadow-xs sm:text-sm aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600";

/** One input style for every admin form; 16 px text on phones so iOS does not zoom in. */
export const inputClass = `${inputBase} bg-white text-ink-900`;
const readOnlyInputClass = `${inputBase} bg-ink-50 text-ink-600`;

const labelClass = "block text-sm font-medium text-ink-800";

type Common = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
};

/** The ids that describe a field: its hint and its error, when present. */
function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** The required marker sits outside the label so the field's name is just its label; aria-required says it. */
function Label({ id, label, required }: Pick<Common, "id" | "label" | "required">) {
  return (
    <div className="flex gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {required && (
        <span aria-hidden="true" className="text-sm font-medium text-red-700">
          *
        </span>
      )}
    </div>
  );
}

function Help({ id, hint, error }: Pick<Common, "id" | "hint" | "error">) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** The fields whose value is text: inputs, text areas and selects. */
type TextControl = Common & { value: string; onChange: (value: string) => void };

/** The label above a control and its hint and error below it. */
function Field({ id, label, required, hint, error, children }: Common & { children: ReactNode }) {
  return (
    <div>
      <Label id={id} label={label} required={required} />
      {children}
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

/** What every text control carries: its value, and the required, invalid and hint/error links assistive technology reads. */
function controlAttributes({ id, error, hint, required, value, onChange }: TextControl) {
  return {
    id,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange(event.target.value),
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
  };
}

type TextInputProps = TextControl &
  Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "className" | "required">;

export function TextInput({ id, label, error, hint, required, value, onChange, ...rest }: TextInputProps) {
  const field = { id, label, error, hint, required, value, onChange };
  return (
    <Field {...field}>
      <input
        {...rest}
        {...controlAttributes(field)}
        className={`mt-1 ${rest.readOnly ? readOnlyInputClass : inputClass}`}
      />
    </Field>
  );
}

type TextAreaProps = TextControl & { rows?: number };

export function TextArea({ rows = 4, ...field }: TextAreaProps) {
  return (
    <Field {...field}>
      <textarea {...controlAttributes(field)} rows={rows} className={`mt-1 ${inputClass}`} />
    </Field>
  );
}

type SelectProps = TextControl & { options: readonly { value: string; label: string }[] };

export function SelectInput({ options, ...field }: SelectProps) {
  return (
    <Field {...field}>
      <select {...controlAttributes(field)} className={`mt-1 ${inputClass}`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

type CheckboxProps = {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
};

export function Checkbox({ id, label, checked, onChange, hint }: CheckboxProps) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 rounded border-ink-300 accent-brand-600"
      />
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-ink-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
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
