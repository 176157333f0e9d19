import type { ReactNode } from "react";

// The one form kit (docs/features/forms.md): the label, hint, message and the attributes that link
// them to a control, for the admin's controlled forms and the rider's plain HTML forms alike.
// Convention (GOV.UK's): a field is required unless it says "(optional)" in its label; a required
// field carries aria-required and no marker.

/**
 * How much room a form has: `compact` for the admin's dense editors (smaller text on wide
 * screens), `roomy` for the rider's forms on phones. The wording and the links are the same.
 */
export type Density = "compact" | "roomy";

/** What every field says about itself. */
export type FieldText = {
  /** The control's id; its hint is `${id}-hint` and its message `${id}-error`. */
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Marks the label "(optional)"; without it the field is required (aria-required). */
  optional?: boolean;
  density?: Density;
};

const LABEL_CLASS: Record<Density, string> = {
  compact: "block text-sm font-medium text-ink-800",
  roomy: "block font-medium text-ink-800",
};

const HINT_CLASS: Record<Density, string> = {
  compact: "mt-1 text-xs text-ink-600",
  roomy: "mt-1 text-sm text-ink-600",
};

const CONTROL_BASE =
  "block w-full border border-ink-300 px-3 text-base shadow-xs aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600";

const CONTROL_CLASS: Record<Density, string> = {
  // 16 px text on phones so iOS does not zoom in.
  compact: `${CONTROL_BASE} rounded-md py-2 sm:text-sm`,
  roomy: `${CONTROL_BASE} rounded-lg py-2.5`,
};

/** The look of a text control, select or text area; a read-only one is greyed. */
export function controlClass(density: Density = "compact", { readOnly = false } = {}): string {
  return `${CONTROL_CLASS[density]} ${readOnly ? "bg-ink-50 text-ink-600" : "bg-white text-ink-900"}`;
}

/** The ids of what describes a field: its hint and its message, when present. */
export function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** A field's label; "(optional)" is part of it, so a screen reader says it with the name. */
export function FieldLabel({
  htmlFor,
  label,
  optional = false,
  density = "compact",
}: {
  htmlFor: string;
  label: string;
  optional?: boolean;
  density?: Density;
}) {
  return (
    <label htmlFor={htmlFor} className={LABEL_CLASS[density]}>
      {label}
      {optional ? <span className="font-normal text-ink-600"> (optional)</span> : null}
    </label>
  );
}

export function FieldHint({ id, hint, density = "compact" }: { id: string; hint?: ReactNode; density?: Density }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className={HINT_CLASS[density]}>
      {hint}
    </p>
  );
}

/** A field's message, below it; `id` is the field's, the message's is `${id}-error`. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

/** A control's label above it, its hint and message below it. */
export function Field({
  id,
  label,
  hint,
  error,
  optional,
  density,
  children,
}: Omit<FieldText, "id"> & { id: string; children: ReactNode }) {
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} optional={optional} density={density} />
      {children}
      <FieldHint id={id} hint={hint} density={density} />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** What links a control to its field: its id, whether it is required or wrong, and its hint and message. */
export function controlAttributes({
  id,
  hint,
  error,
  required,
}: {
  id: string;
  hint?: ReactNode;
  error?: string;
  required: boolean;
}) {
  return {
    id,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
  } as const;
}
