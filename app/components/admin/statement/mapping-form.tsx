import { Form } from "react-router";
import { SelectField } from "~/components/form/controls";
import { MAPPING_FIELDS, MAPPING_LABELS, type MappingChoices } from "~/domain/payments/statement-mapping";

/** The columns chosen, carried to the next post with the file's text (the page keeps nothing in between). */
export function StatementCarried({ csv, choices }: { csv: string; choices: MappingChoices }) {
  return (
    <>
      <input type="hidden" name="csv" value={csv} />
      {MAPPING_FIELDS.map((field) => (
        <input key={field} type="hidden" name={field} value={choices[field]} />
      ))}
    </>
  );
}

const HINTS: Partial<Record<(typeof MAPPING_FIELDS)[number], string>> = {
  amount: "One column for every amount. Or choose a credit column instead.",
  direction: "Only beside an amount column, when a column says Cr or Dr.",
  credit: "The column of money received, when the bank keeps credits and debits apart.",
  debit: "Only beside a credit column.",
  reference: "Where the bank puts the UPI transaction number (UTR), if it has such a column.",
};

type MappingFormProps = {
  csv: string;
  headers: readonly string[];
  choices: MappingChoices;
  remembered: boolean;
  errors?: Record<string, string>;
  busy: boolean;
};

/** Which column holds what: pre-filled with the bank's remembered columns, else a guess, for the admin to confirm. */
export function MappingForm({ csv, headers, choices, remembered, errors, busy }: MappingFormProps) {
  const options = [{ value: "", label: "— None —" }, ...headers.map((header) => ({ value: header, label: header }))];
  return (
    <section aria-labelledby="statement-columns" className="space-y-4 rounded-card bg-white p-5 shadow-card">
      <h2 id="statement-columns" className="text-xl font-bold text-ink-900">
        Columns
      </h2>
      <p className="text-ink-700">
        {remembered
          ? "These are the columns you chose for this bank's statements last time."
          : "Roadbook guessed these columns from the file's headings. Check them: they are remembered for this bank."}
      </p>
      <Form method="post" encType="multipart/form-data" className="space-y-4">
        <input type="hidden" name="intent" value="match" />
        <input type="hidden" name="csv" value={csv} />
        {MAPPING_FIELDS.map((field) => (
          <SelectField
            key={field}
            id={`column-${field}`}
            name={field}
            label={MAPPING_LABELS[field]}
            hint={HINTS[field]}
            optional={field !== "date" && field !== "narration"}
            options={options}
            defaultValue={choices[field]}
            error={errors?.[field]}
          />
        ))}
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Match payments
        </button>
      </Form>
    </section>
  );
}
