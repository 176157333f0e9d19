import { useId } from "react";
import {
  TRANSFER_OFFER_INTENT,
  TRANSFER_VALID_DAYS,
  TRANSFER_WITHDRAW_INTENT,
} from "~/features/seat-transfer/domain/transfer";
import { SECONDARY_CLASS } from "~/components/registration/form-controls";
import { formatIndiaDateTime } from "~/domain/dates";

/**
 * "Hand your seat to a friend" on the booking page (docs/features/seat-transfer.md): plain forms
 * that make, replace or withdraw a transfer link. A new link is shown once, on the answer to the
 * form that made it (only its hash is kept): to copy, or to send on WhatsApp.
 */
export function SeatTransferSection({
  href,
  offeredUntil,
  link,
}: {
  href: string;
  /** Until when the open transfer link works; null when none is open. */
  offeredUntil: string | null;
  /** The link just made, shown this once. */
  link: string | null;
}) {
  const id = useId();
  const whatsApp = link ? `https://wa.me/?text=${encodeURIComponent(`Take my seat on the ride: ${link}`)}` : null;
  return (
    <section aria-labelledby="transfer-heading" className="space-y-4 border-t border-ink-100 pt-8">
      <h2 id="transfer-heading" className="text-xl font-bold text-ink-900">
        Hand your seat to a friend
      </h2>
      <p className="text-ink-700">
        Cannot ride? Make a transfer link and send it to a friend. They give their own details; the seat, its place and
        what was paid become theirs, your details leave the booking and this page&apos;s link stops working. A transfer
        link works for {TRANSFER_VALID_DAYS} days, never once the ride has started.
      </p>
      {link && whatsApp ? (
        <div className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
          <label htmlFor={id} className="block font-semibold text-ink-900">
            Your transfer link (shown only now: copy it or send it)
          </label>
          <input
            id={id}
            readOnly
            value={link}
            data-testid="transfer-link"
            className="w-full rounded-lg border border-ink-300 bg-white px-3 py-2 font-mono text-sm"
          />
          <a href={whatsApp} target="_blank" rel="noopener noreferrer" className={SECONDARY_CLASS}>
            Send on WhatsApp
          </a>
        </div>
      ) : null}
      {offeredUntil ? (
        <p className="text-ink-700" role={link ? undefined : "status"}>
          A transfer link is open until {formatIndiaDateTime(offeredUntil)} (India time).
          {link ? "" : " Lost it? Make a new one: the old one stops working."}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <form method="post" action={href}>
          <input type="hidden" name="intent" value={TRANSFER_OFFER_INTENT} />
          <button type="submit" className={SECONDARY_CLASS}>
            {offeredUntil ? "Make a new transfer link" : "Make a transfer link"}
          </button>
        </form>
        {offeredUntil ? (
          <form method="post" action={href}>
            <input type="hidden" name="intent" value={TRANSFER_WITHDRAW_INTENT} />
            <button type="submit" className={SECONDARY_CLASS}>
              Withdraw the offer
            </button>
          </form>
        ) : null}
      </div>
    </section>
  );
}
