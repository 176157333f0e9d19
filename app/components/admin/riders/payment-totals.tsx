import { formatRupees } from "~/domain/registration/balance";
import type { DuesTotals as Totals } from "~/domain/registration/dues";

/**
 * What the ride's confirmed riders have paid and still owe: booking amounts and balances as
 * the admins marked them. Absent on a ride without a readable booking amount (nothing counted).
 */
export function PaymentTotals({ totals }: { totals: Totals | null }) {
  if (!totals) return null;
  return (
    <p data-testid="payment-totals" className="text-sm text-ink-800">
      Confirmed riders:{" "}
      <span data-testid="collected" className="font-semibold text-success-600">
        {formatRupees(totals.collected)}
      </span>{" "}
      collected ·{" "}
      <span data-testid="still-due" className="font-semibold text-amber-800">
        {formatRupees(totals.due)}
      </span>{" "}
      still due
    </p>
  );
}
