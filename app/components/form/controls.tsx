import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { controlAttributes, controlClass, type Density, Field, FieldError, FieldHint, type FieldText } from "./field";

// The controls of the form kit, each in its field frame. They pass the native attributes through:
// the admin's forms give value and onChange (controlled), the rider's give name and defaultValue
// (plain HTML that posts without JavaScript). The id comes first, so the HTML reads as before.

/** What the kit decides, so a caller cannot set it apart from the field. */
type Decided = "id" | "className" | "required" | "aria-required" | "aria-invalid" | "aria-describedby";

/**
 * A control in its field frame. A read-only field is neither required nor optional: nobody
 * fills it in.
 */
function Framed({
  readOnly,
  children,
  ...text
}: FieldText & { density: Density; readOnly?: boolean; children: (attributes: ControlAttributes) => ReactNode }) {
  const { id, hint, error, optional } = text;
  const required = !readOnly && !optional;
  return (
    <Field {...text} optional={optional && !readOnly}>
      {children(controlAttributes({ id, hint, error, required }))}
    </Field>
  );
}

type ControlAttributes = ReturnType<typeof controlAttributes>;

/** A field's own text (label, hint, message) apart from its control's native attributes. */
function apart<Props extends FieldText>({ id, label, hint, error, optional, density = "compact", ...control }: Props) {
  return [{ id, label, hint, error, optional, density }, control] as const;
}

export type InputFieldProps = FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, Decided>;

/** A one-line field (text, number, date, email, tel, url…). */
export function InputField(props: InputFieldProps) {
  const [text, input] = apart(props);
  return (
    <Framed {...text} readOnly={input.readOnly}>
      {(attributes) => (
        <input
          {...attributes}
          {...input}
          className={`mt-1 ${controlClass(text.density, { readOnly: input.readOnly })}`}
        />
      )}
    </Framed>
  );
}

export type TextAreaFieldProps = FieldText & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Decided>;

export function TextAreaField({ rows = 4, ...props }: TextAreaFieldProps) {
  const [text, textarea] = apart(props);
  return (
    <Framed {...text} readOnly={textarea.readOnly}>
      {(attributes) => (
        <textarea {...attributes} {...textarea} rows={rows} className={`mt-1 ${controlClass(text.density)}`} />
      )}
    </Framed>
  );
}

export type Choice = { value: string; label: string };
export type SelectFieldProps = FieldText & { options: readonly Choice[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    Decided
  >;

/**
 * A drop-down list. One whose every choice is an answer (no empty "Choose…") cannot be left
 * unanswered: it is required, and says nothing.
 */
export function SelectField({ options, ...props }: SelectFieldProps) {
  const [text, select] = apart(props);
  return (
    <Framed {...text}>
      {(attributes) => (
        <select {...attributes} {...select} className={`mt-1 ${controlClass(text.density)}`}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Framed>
  );
}

export type CheckboxFieldProps = {
  id: string;
  /** What ticking the box says or agrees to. */
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The box must be ticked to send the form (a consent): aria-required. A setting is not. */
  required?: boolean;
  density?: Density;
} & Omit<InputHTMLAttributes<HTMLInputElement>, Decided | "type">;

const CHECKBOX_CLASS: Record<Density, string> = {
  compact: "mt-0.5 size-5 shrink-0 rounded border-ink-300 accent-brand-600",
  roomy: "mt-1 size-5 shrink-0 accent-brand-600",
};

const CHECKBOX_LABEL_CLASS: Record<Density, string> = {
  compact: "block text-sm font-medium text-ink-800",
  roomy: "text-ink-800",
};

/** A box to tick, its label beside it (GOV.UK marks no checkbox optional), its hint and message below. */
export function CheckboxField({
  id,
  label,
  hint,
  error,
  required = false,
  density = "compact",
  ...input
}: CheckboxFieldProps) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...controlAttributes({ id, hint, error, required })}
          {...input}
          type="checkbox"
          className={CHECKBOX_CLASS[density]}
        />
        <div>
          <label htmlFor={id} className={CHECKBOX_LABEL_CLASS[density]}>
            {label}
          </label>
          <FieldHint id={id} hint={hint} density={density} />
        </div>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
