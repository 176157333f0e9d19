import { MailWarning } from "lucide-react";
import { formatIndianTime } from "~/domain/indian-time";

export type FailedDeliveryView = { id: string; label: string; attempts: number; error: string; failedAt: string };

/**
 * What the site gave up delivering after its retries (decision 029): a mail the mail server
 * kept refusing, say. Shown only when there is one, so it is noticed; each names a booking
 * reference at most, never a rider.
 */
export function FailedDeliveries({ deliveries }: { deliveries: FailedDeliveryView[] }) {
  if (deliveries.length === 0) return null;
  return (
    <section aria-labelledby="failed-deliveries-heading" className="space-y-3" data-testid="failed-deliveries">
      <h2 id="failed-deliveries-heading" className="font-display text-xl font-bold text-ink-900">
        Not delivered
      </h2>
      <p className="text-sm text-ink-600">
        These were tried for hours and given up on. Check the mail settings (SMTP_URL) and tell the riders concerned
        another way.
      </p>
      <ul className="divide-y divide-ink-100 rounded-card border border-red-200 bg-white shadow-card">
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="flex gap-3 p-4">
            <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
            <div className="min-w-0">
              <p className="font-medium text-ink-900">{delivery.label}</p>
              <p className="text-sm break-words text-ink-600">
                {delivery.attempts} attempts, the last on{" "}
                <time dateTime={delivery.failedAt}>{formatIndianTime(delivery.failedAt)}</time>: {delivery.error}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
