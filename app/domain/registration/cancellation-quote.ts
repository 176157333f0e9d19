import { parseIsoDate } from "../dates";
import { indianDateOf } from "../indian-time";
import type { RideStatus } from "../ride";
import { formatRupees } from "./balance";
import { type EffectivePolicy, type PolicyTier, tierFor } from "./cancellation-policy";
import type { LedgerEntry } from "./dues";
import type { RegistrationStatus } from "./settings";

// What cancelling a booking now keeps and gives back (docs/features/cancellation.md): the policy
// it was booked under, applied to what its ledger says was paid. Pure: the booking page's
// quote, the admin's and the cancellation's own fee all come from here.

/** Why an amount is kept, or why nothing is. */
export type QuoteReason =
  /** The tier of the day (null: fewer days than every tier: all kept). */
  | { kind: "tier"; tier: PolicyTier | null; keptPaise: number }
  | { kind: "booking-amount"; keptPaise: number }
  | { kind: "fee"; keptPaise: number }
  | { kind: "waitlisted" }
  | { kind: "ride-cancelled" };

export type CancellationQuote = {
  /** What the booking's confirmed payments bring in, less what was given back already. */
  paidPaise: number;
  keptPaise: number;
  /** paid − kept: what comes back. */
  backPaise: number;
  /** Whole days from today (India's calendar) to the start; negative after it; null without a start date. */
  daysBefore: number | null;
  reasons: QuoteReason[];
};

export type QuoteInput = {
  policy: EffectivePolicy;
  entries: readonly LedgerEntry[];
  status: RegistrationStatus;
  ride: { startDate: string; status: RideStatus };
  now: Date;
};

const DAY_MS = 86_400_000;

/** Days from `now`'s day in India to the start date; null without one. */
export function daysBeforeStart(startDate: string, now: Date): number | null {
  const start = parseIsoDate(startDate);
  const today = parseIsoDate(indianDateOf(now));
  if (!start || !today) return null;
  return Math.round((start.getTime() - today.getTime()) / DAY_MS);
}

/** `percent` % of `paise`, to the paisa, half a paisa rounded up. */
export function shareOf(paise: number, percent: number): number {
  return Math.floor((paise * percent + 50) / 100);
}

const total = (entries: readonly LedgerEntry[], kind: LedgerEntry["kind"], part?: LedgerEntry["part"]) =>
  entries
    .filter(
      (entry) => entry.kind === kind && entry.state === "confirmed" && (part === undefined || entry.part === part),
    )
    .reduce((sum, entry) => sum + entry.amountPaise, 0);

/**
 * The quote: a waitlisted booking and a booking on a cancelled ride keep nothing. Otherwise the
 * booking amount paid when the policy keeps it, then the tier's share of the rest, then the fee,
 * never more than was paid. Without a start date the first tier applies (the earliest cancel).
 */
export function quoteCancellation({ policy, entries, status, ride, now }: QuoteInput): CancellationQuote {
  const paid = Math.max(0, total(entries, "payment") - total(entries, "refund"));
  const daysBefore = daysBeforeStart(ride.startDate, now);
  const nothingKept = (reason: QuoteReason): CancellationQuote => ({
    paidPaise: paid,
    keptPaise: 0,
    backPaise: paid,
    daysBefore,
    reasons: [reason],
  });
  if (ride.status === "cancelled") return nothingKept({ kind: "ride-cancelled" });
  if (status === "waitlisted") return nothingKept({ kind: "waitlisted" });
  const reasons: QuoteReason[] = [];
  let kept = 0;
  if (policy.bookingAmountKept) {
    const booking = Math.min(paid, total(entries, "charge", "booking"));
    if (booking > 0) reasons.push({ kind: "booking-amount", keptPaise: booking });
    kept += booking;
  }
  if (policy.tiers.length > 0) {
    const tier = daysBefore === null ? policy.tiers[0]! : tierFor(policy.tiers, daysBefore);
    const share = shareOf(paid - kept, tier?.keepPercent ?? 100);
    reasons.push({ kind: "tier", tier, keptPaise: share });
    kept += share;
  }
  const fee = Math.min(policy.feePaise, paid - kept);
  if (fee > 0) reasons.push({ kind: "fee", keptPaise: fee });
  kept += fee;
  return { paidPaise: paid, keptPaise: kept, backPaise: paid - kept, daysBefore, reasons };
}

function when(days: number | null): string {
  if (days === null) return "Cancelling today";
  if (days > 1) return `Cancelling today, ${days} days before the start`;
  if (days === 1) return "Cancelling today, the day before the start";
  if (days === 0) return "Cancelling on the day of the start";
  return "Cancelling after the start";
}

function reasonText(reason: QuoteReason): string {
  switch (reason.kind) {
    case "tier": {
      const percent = reason.tier?.keepPercent ?? 100;
      return `${percent} % (${formatRupees(reason.keptPaise)})`;
    }
    case "booking-amount":
      return `the booking amount (${formatRupees(reason.keptPaise)}), which is not refundable`;
    case "fee":
      return `the ${formatRupees(reason.keptPaise)} cancellation fee`;
    case "waitlisted":
    case "ride-cancelled":
      return "";
  }
}

/** The quote as the rider reads it: "You paid ₹5,000. Cancelling today, 20 days before the start, we keep 25 % (₹1,250): ₹3,750 comes back." */
export function quoteSentence(quote: CancellationQuote): string {
  if (quote.paidPaise === 0) return "You have paid nothing: cancelling costs nothing.";
  const paid = `You paid ${formatRupees(quote.paidPaise)}.`;
  const back = formatRupees(quote.backPaise);
  const reason = quote.reasons[0];
  if (reason?.kind === "ride-cancelled") return `${paid} The ride is cancelled: all of it, ${back}, comes back.`;
  if (reason?.kind === "waitlisted") return `${paid} You are on the waitlist: all of it, ${back}, comes back.`;
  const kept = quote.reasons
    .filter((entry) => !(entry.kind === "tier" && entry.keptPaise === 0))
    .map(reasonText)
    .filter(Boolean);
  if (kept.length === 0) return `${paid} ${when(quote.daysBefore)}, we keep nothing: all of it comes back.`;
  const keeps = kept.length === 1 ? kept[0] : `${kept.slice(0, -1).join(", ")} and ${kept.at(-1)}`;
  const rest = quote.backPaise === 0 ? "nothing comes back." : `${back} comes back.`;
  return `${paid} ${when(quote.daysBefore)}, we keep ${keeps}: ${rest}`;
}

/** The quote as an admin reads it on the Riders page ("Paid ₹5,000: the policy keeps ₹1,250, ₹3,750 goes back."). */
export function adminQuoteText(quote: CancellationQuote): string {
  if (quote.paidPaise === 0) return "Nothing paid: nothing to keep or give back.";
  const back = quote.backPaise > 0 ? `${formatRupees(quote.backPaise)} goes back` : "nothing goes back";
  return `Paid ${formatRupees(quote.paidPaise)}: the policy keeps ${formatRupees(quote.keptPaise)}, ${back}.`;
}

export const KEPT_AMOUNT_MESSAGE = "Enter the amount kept in rupees, such as 1250 or 1250.50";

/** An amount kept as an admin types it, in rupees ("1250", "1,250.50", "₹1250"), in paise; null when it is none. */
export function keptPaiseOf(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^\s*₹?\s*(\d{1,3}(?:,?\d{2,3})*|\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  const rupees = Number(match[1]!.replaceAll(",", ""));
  const paise = Number((match[2] ?? "0").padEnd(2, "0"));
  const total = rupees * 100 + paise;
  return Number.isSafeInteger(total) && total <= 1_000_000_000 ? total : null;
}
