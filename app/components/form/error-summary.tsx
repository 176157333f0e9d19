import type { Ref } from "react";

/**
 * The messages of a refused form, first on the page and focused when it loads (autofocus works
 * without script), each linking to its field: the field's id is the key of its message.
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
