import { Check, X } from "lucide-react";
import { useState } from "react";
import type { PendingCredit } from "~/features/credit/domain/pending-credit";
import type { RiderIntent } from "~/components/admin/riders/use-rider-action";

const buttonClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md border px-3 text-sm font-medium disabled:opacity-50";

/**
 * A cancelled booking's credit waiting for the organisers (docs/features/credit.md): the amount
 * the rider paid, which the admin may lower before confirming it, or decline.
 */
export function PendingCreditForm({
  credit,
  reference,
  run,
  pending,
}: {
  credit: PendingCredit;
  reference: string;
  run: (intent: RiderIntent, body: Record<string, string>) => void;
  pending: string | null;
}) {
  const [amount, setAmount] = useState(credit.rupees);
  const id = `credit-${credit.entryId}`;
  const decide = (decision: "confirm" | "decline") =>
    run("credit", { id: credit.registrationId, entryId: credit.entryId, decision, amount });
  return (
    <form
      aria-label={`Credit of ${reference}`}
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        decide("confirm");
      }}
    >
      <p className="font-semibold text-amber-900" data-testid="pending-credit">
        Credit {credit.amount} waiting
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-ink-800">
            Amount to keep as credit (₹, at most {credit.amount})
          </label>
          <input
            id={id}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            className="min-h-11 w-36 rounded-md border border-ink-300 px-3"
          />
        </div>
        <button
          type="submit"
          disabled={pending === "credit"}
          className={`${buttonClass} border-success-600 text-success-600 hover:bg-success-50`}
        >
          <Check aria-hidden="true" className="size-4" />
          Confirm credit<span className="sr-only"> {reference}</span>
        </button>
        <button
          type="button"
          disabled={pending === "credit"}
          onClick={() => decide("decline")}
          className={`${buttonClass} border-red-300 text-red-700 hover:bg-red-50`}
        >
          <X aria-hidden="true" className="size-4" />
          Decline credit<span className="sr-only"> {reference}</span>
        </button>
      </div>
    </form>
  );
}
