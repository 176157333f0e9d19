import { type InputHTMLAttributes, useId } from "react";

/** The inputs of the portal's account forms (sign-in, invitations): tall enough to tap. */
export const accountFieldClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-ink-300 bg-white px-3 py-2 text-ink-900 aria-invalid:border-red-700";

type AccountFieldProps = {
  label: string;
  error?: string;
  /** The class of the block that holds the label, the input and its message. */
  className?: string;
  inputClassName?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">;

/** A labelled input of an account form, with its message below it, linked for assistive technology. */
export function AccountField({
  label,
  error,
  className,
  inputClassName = accountFieldClass,
  ...input
}: AccountFieldProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClassName}
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
