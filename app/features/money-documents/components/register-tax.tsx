import { SelectField, TextField } from "~/components/registration/form-controls";
import { RIDER_GSTIN_FIELD, RIDER_STATE_FIELD } from "~/features/money-documents/domain/rider-tax";
import { INDIAN_STATES } from "~/features/money-documents/domain/states";

const CHOICES = [
  { value: "", label: "Choose your state" },
  ...INDIAN_STATES.map((state) => ({ value: state.code, label: state.name })),
];

/**
 * In GST mode, the rider's state (the place of supply on their receipts) and a business's GSTIN,
 * on the registration form (docs/features/money-documents.md).
 */
export function RegisterTax({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-xl font-bold text-ink-900">For your receipts</legend>
      <SelectField
        name={RIDER_STATE_FIELD}
        label="Your state"
        hint="The place of supply on your GST receipts and invoice."
        choices={CHOICES}
        defaultValue={values[RIDER_STATE_FIELD] ?? ""}
        error={errors[RIDER_STATE_FIELD]}
      />
      <TextField
        name={RIDER_GSTIN_FIELD}
        label="Business GSTIN (optional)"
        hint="Only if a business pays for the ride and wants its GSTIN on the invoice."
        autoComplete="off"
        maxLength={20}
        defaultValue={values[RIDER_GSTIN_FIELD]}
        error={errors[RIDER_GSTIN_FIELD]}
      />
    </fieldset>
  );
}
