import { Upload } from "lucide-react";
import { Form } from "react-router";
import { InputField } from "~/components/form/controls";

/**
 * The statement's file, in a plain multipart form: it posts without JavaScript too, and the
 * answer is the columns step.
 */
export function UploadForm({ busy, error }: { busy: boolean; error?: string }) {
  return (
    <section aria-labelledby="statement-upload" className="space-y-4 rounded-card bg-white p-5 shadow-card">
      <h2 id="statement-upload" className="text-xl font-bold text-ink-900">
        Upload a statement
      </h2>
      <Form method="post" encType="multipart/form-data" className="space-y-4">
        <input type="hidden" name="intent" value="upload" />
        <InputField
          id="statement"
          name="statement"
          type="file"
          accept=".csv,text/csv"
          label="Bank statement (CSV)"
          hint="Export the account's statement from your bank as CSV (in Excel: Save As, CSV UTF-8). At most 2 MB."
          error={error}
        />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          <Upload aria-hidden="true" className="size-5" />
          Upload statement
        </button>
      </Form>
    </section>
  );
}
