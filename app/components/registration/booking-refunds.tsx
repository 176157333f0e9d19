import { Undo2 } from "lucide-react";
import { formatIndianShortDate } from "~/domain/dates";
import { indianDateOf } from "~/domain/indian-time";
import type { RefundShown } from "~/domain/registration/refunds";

const STATE_CLASSES: Record<RefundShown["state"], string> = {
  pending: "bg-amber-50 text-amber-800",
  processed: "bg-success-50 text-success-600",
  failed: "bg-red-50 text-red-800",
};

/** The booking's refunds on its private page (docs/features/refunds.md): how each comes back and where it stands. */
export function BookingRefunds({ refunds }: { refunds: readonly RefundShown[] }) {
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby="refunds-heading" className="space-y-4 border-t border-ink-100 pt-8">
      <h2 id="refunds-heading" className="flex items-center gap-2 text-xl font-bold text-ink-900">
        <Undo2 aria-hidden="true" className="size-5 text-brand-600" />
        Refunds
      </h2>
      <ul className="space-y-3">
        {refunds.map((refund) => (
          <li key={refund.id} data-testid="refund" className="space-y-1 rounded-xl border border-ink-200 p-4">
            <p className="flex flex-wrap items-center gap-2">
              <span className="text-lg font-bold text-ink-900">{refund.amount}</span>
              <span className="text-ink-700">{refund.how}</span>
              <span className={`rounded-full px-3 py-0.5 text-sm font-bold ${STATE_CLASSES[refund.state]}`}>
                {refund.stateLabel}
              </span>
            </p>
            {refund.detail ? <p className="text-ink-800">{refund.detail}</p> : null}
            <p className="text-sm text-ink-600">
              Recorded{" "}
              <time dateTime={refund.createdAt}>{formatIndianShortDate(indianDateOf(new Date(refund.createdAt)))}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
