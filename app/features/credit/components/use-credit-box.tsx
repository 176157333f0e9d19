import { CheckboxField } from "~/components/form/controls";
import { USE_CREDIT_FIELD } from "~/features/credit/domain/credit-input";

/** The registration form's box that spends the signed-in rider's credit (docs/features/credit.md). */
export function UseCreditBox({ available, ticked }: { available: string; ticked: boolean }) {
  return (
    <CheckboxField
      id={USE_CREDIT_FIELD}
      name={USE_CREDIT_FIELD}
      label={`Use my credit: ${available} available`}
      hint="It pays the booking amount, or part of it; you pay the rest by UPI"
      defaultChecked={ticked}
      density="roomy"
    />
  );
}
