import { Send } from "lucide-react";
import { useState } from "react";
import type { RefundDue } from "~/domain/payments/refunds-due";

const buttonClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md border px-3 text-sm font-medium disabled:opacity-50";

/**
 * A UPI refund for the admin to send from the organisers' UPI app, then record by the
 * transaction's UTR (docs/features/refunds.md). The server checks the UTR and says why not.
 */
export function UpiRefundForm({
  refund,
  run,
  pending,
}: {
  refund: RefundDue;
  run: (intent: "refund-utr", body: Record<string, string>) => void;
  pending: string | null;
}) {
  const [utr, setUtr] = useState("");
  const id = `refund-utr-${refund.entryId}`;
  return (
    <form
      aria-label={`Refund of ${refund.booking}`}
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        run("refund-utr", { id: refund.registrationId, entryId: refund.entryId, utr });
      }}
    >
      <p className="font-semibold text-amber-900" data-testid="upi-refund">
        Refund {refund.amount} by UPI — record the UTR
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-ink-800">
            UTR of the refund you sent (12 digits)
          </label>
          <input
            id={id}
            inputMode="numeric"
            autoComplete="off"
            value={utr}
            onChange={(event) => setUtr(event.target.value)}
            className="min-h-11 w-44 rounded-md border border-ink-300 px-3 font-mono"
          />
        </div>
        <button
          type="submit"
          disabled={pending === "refund-utr"}
          className={`${buttonClass} border-success-600 text-success-600 hover:bg-success-50`}
        >
          <Send aria-hidden="true" className="size-4" />
          Record refund<span className="sr-only"> {refund.booking}</span>
        </button>
      </div>
    </form>
  );
}
