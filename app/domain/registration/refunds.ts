import { formatRupees } from "./balance";
import type { LedgerEntry } from "./dues";

// How a booking's refunds read to its rider (docs/features/refunds.md): each refund on the
// ledger, how it comes back and where it stands. claimed = pending, confirmed = processed (with
// the UTR or the gateway's refund id), voided = failed (an online refund the bank could not
// complete, given as credit instead: its own confirmed refund in credit follows it).

export type RefundState = "pending" | "processed" | "failed";

export type RefundShown = {
  /** The ledger entry's id. */
  id: string;
  amount: string;
  /** "To your UPI", "To your card or account", "As credit". */
  how: string;
  state: RefundState;
  /** The state in words, as the booking page and My rides say it. */
  stateLabel: string;
  /** What the rider may need: when it arrives, what proves it, what became of it. */
  detail: string;
  /** ISO instant it was written. */
  createdAt: string;
};

const HOW = { upi: "To your UPI", online: "To your card or account", credit: "As credit" } as const;

const PENDING = {
  online: "On its way: usually 5–7 working days to reach your card or account.",
  upi: "The organisers will send it by UPI.",
  credit: "Waiting for the organisers to confirm the amount.",
} as const;

function processedDetail(method: keyof typeof HOW, reference: string | null): string {
  if (method === "credit") return "Credit for your next ride.";
  if (!reference) return "";
  return method === "upi" ? `UPI transaction id (UTR) ${reference}.` : `Refund reference ${reference}.`;
}

/**
 * The refunds to show, in the order written. A refund in credit that was declined is the
 * organisers' decision shown with the credit, not a refund that failed: left out.
 */
export function refundsShown(entries: readonly (LedgerEntry & { id: string })[]): RefundShown[] {
  return entries.flatMap((entry): RefundShown[] => {
    if (entry.kind !== "refund" || !entry.method) return [];
    const method = entry.method;
    const base = {
      id: entry.id,
      amount: formatRupees(entry.amountPaise),
      how: HOW[method],
      createdAt: entry.createdAt,
    };
    switch (entry.state) {
      case "claimed":
        return [{ ...base, state: "pending", stateLabel: "Pending", detail: PENDING[method] }];
      case "confirmed":
        return [
          { ...base, state: "processed", stateLabel: "Processed", detail: processedDetail(method, entry.reference) },
        ];
      case "voided":
        return method === "credit"
          ? []
          : [
              {
                ...base,
                state: "failed",
                stateLabel: "Failed",
                detail: "The bank could not complete it: it is now credit for your next ride.",
              },
            ];
    }
  });
}

/** One line for a list of bookings (My rides): the refunds' states, or '' without any. */
export function refundsLine(shown: readonly RefundShown[]): string {
  const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
  return shown
    .map((refund) => `${refund.amount} ${lowerFirst(refund.how)}: ${refund.stateLabel.toLowerCase()}`)
    .join("; ");
}

/** What the rider is told when an online refund fails (their Updates list, and the mail). */
export function refundFailedSentence(amountPaise: number): string {
  return `Your refund of ${formatRupees(amountPaise)} could not be completed by the bank; it is now credit for your next ride.`;
}
