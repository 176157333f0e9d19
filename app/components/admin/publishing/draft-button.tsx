import type { FormEvent } from "react";

/** Whether a form was sent with its Save as Draft button (decision 025). */
export function sentAsDraft(event: FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute("value") === "draft";
}

/** Beside a new item's save button: the item is saved, but visitors do not see it until it is published. */
export function DraftButton({ saving }: { saving: boolean }) {
  return (
    <button
      type="submit"
      value="draft"
      disabled={saving}
      className="inline-flex min-h-11 items-center rounded-md border border-brand-600 px-5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-70"
    >
      Save as Draft
    </button>
  );
}
