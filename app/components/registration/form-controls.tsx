import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from "react";

// The controls of the rider's forms (registration, contact details, UTR): plain HTML that
// posts without JavaScript, each with its label, hint and message linked for assistive technology.

const controlClass =
  "block w-full rounded-lg border border-ink-300 bg-white px-3 py-2.5 text-base text-ink-900 shadow-xs aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600";

/** The element ids that describe a field: its hint and its message, when present. */
export function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

export function FieldMessage({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="mt-1 text-sm text-ink-600">
      {hint}
    </p>
  );
}

type FieldProps = { name: string; label: string; error?: string; hint?: ReactNode; required?: boolean };

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block font-medium text-ink-800">
      {label}
      {required ? null : <span className="font-normal text-ink-600"> (optional)</span>}
    </label>
  );
}

/** A control's label above it, its hint and message below it. */
function FieldFrame({
  name,
  label,
  error,
  hint,
  required,
  children,
}: FieldProps & { required: boolean; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={name} label={label} required={required} />
      {children}
      <FieldHint id={name} hint={hint} />
      <FieldMessage id={name} error={error} />
    </div>
  );
}

/** What links a control to its label, hint and message: its id is its name, so the error summary links to it. */
function controlAttributes({ name, error, hint, required }: FieldProps) {
  return {
    id: name,
    name,
    className: `mt-1 ${controlClass}`,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(name, hint, error),
  };
}

/** A one-line text field. */
export function TextField({
  name,
  label,
  error,
  hint,
  required = true,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "required">) {
  const field = { name, label, error, hint, required };
  return (
    <FieldFrame {...field}>
      <input {...controlAttributes(field)} {...input} />
    </FieldFrame>
  );
}

export function SelectField({
  name,
  label,
  error,
  hint,
  required = true,
  choices,
  ...select
}: FieldProps & { choices: { value: string; label: string }[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "name" | "id" | "required"
  >) {
  const field = { name, label, error, hint, required };
  return (
    <FieldFrame {...field}>
      <select {...controlAttributes(field)} {...select}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** A box the rider ticks; what they agree to is its label (and the text above it). */
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
    <div>
      <div className="flex items-start gap-3">
        <input
          id={name}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          className="mt-1 size-5 shrink-0 accent-brand-600"
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, undefined, error)}
        />
        <label htmlFor={name} className="text-ink-800">
          {label}
        </label>
      </div>
      <FieldMessage id={name} error={error} />
    </div>
  );
}

/** The main button of a rider's form looks like Register Now, which led there. */
export { REGISTER_BUTTON_CLASS as SUBMIT_CLASS } from "../ride/register-button";

export const SECONDARY_CLASS =
  "inline-flex min-h-11 items-center justify-center rounded-xl border border-ink-300 bg-white px-5 font-semibold text-ink-900 transition hover:bg-ink-50";

/**
 * The messages of a refused form, first on the page and focused when it loads (autofocus works
 * without script), each linking to its field.
 */
export function ErrorSummary({
  errors,
  order,
  formError,
  ref,
}: {
  errors: Record<string, string>;
  order: readonly string[];
  formError?: string;
  /** Lets a form hydrated as an island focus the summary when it refuses to send. */
  ref?: Ref<HTMLDivElement>;
}) {
  const fields = order.filter((name) => errors[name]);
  if (!formError && fields.length === 0) return null;
  return (
    <div
      ref={ref}
      id="error-summary"
      role="alert"
      tabIndex={-1}
      // oxlint-disable-next-line jsx-a11y/no-autofocus -- a refused form's answer is a new page: focus goes to what is wrong (GOV.UK's error summary pattern), without script
      autoFocus
      aria-labelledby="error-summary-title"
      className="rounded-xl border-2 border-red-600 bg-red-50 p-4 text-red-900 outline-none focus:ring-2 focus:ring-red-600"
    >
      <h2 id="error-summary-title" className="font-bold">
        {formError ?? "Please correct the highlighted fields"}
      </h2>
      {fields.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {fields.map((name) => (
            <li key={name}>
              <a href={`#${name}`} className="underline">
                {errors[name]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
