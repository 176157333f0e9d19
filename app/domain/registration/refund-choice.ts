import { formatRupees } from "./balance";
import type { EffectivePolicy } from "./cancellation-policy";

// How a cancelled booking's money comes back, at the rider's choice (docs/features/cancellation.md):
// as credit for a future ride, or the way it was paid.

export const REFUND_CHOICES = ["original", "credit"] as const;
export type RefundChoice = (typeof REFUND_CHOICES)[number];

export const REFUND_CHOICE_LABELS: Readonly<Record<RefundChoice, string>> = {
  original: "Refund to how I paid",
  credit: "Keep as credit for a future ride",
};

export function isRefundChoice(value: unknown): value is RefundChoice {
  return REFUND_CHOICES.includes(value as RefundChoice);
}

/**
 * The choices a booking has: credit when the ride offers it (and the site has credit); the way
 * it was paid unless the policy gives back as credit only (a ride saved before tiers), except
 * on a ride the organisers cancelled, or when credit cannot be had: money owed back always has
 * a way back.
 */
export function refundChoices(
  policy: EffectivePolicy,
  { creditOffered, rideCancelled }: { creditOffered: boolean; rideCancelled: boolean },
): RefundChoice[] {
  const original = policy.refundsToOriginal || rideCancelled || !creditOffered;
  return REFUND_CHOICES.filter((choice) => (choice === "credit" ? creditOffered : original));
}

/** What a choice wrote, in paise: as credit, and back by each way it was paid. */
export type RefundWritten = { creditPaise: number; upiPaise: number; onlinePaise: number; creditBackPaise: number };

export const NOTHING_WRITTEN: RefundWritten = { creditPaise: 0, upiPaise: 0, onlinePaise: 0, creditBackPaise: 0 };

/** The rider's news of how the money comes back ("₹3,750 is yours as credit for a future ride."). */
export function refundNews(written: RefundWritten): string {
  const sentences: string[] = [];
  if (written.creditPaise > 0)
    sentences.push(`${formatRupees(written.creditPaise)} is yours as credit for a future ride.`);
  if (written.onlinePaise > 0)
    sentences.push(
      `${formatRupees(written.onlinePaise)} goes back to the card, account or UPI app you paid online with: it usually arrives within 5–7 working days.`,
    );
  if (written.upiPaise > 0)
    sentences.push(`${formatRupees(written.upiPaise)} goes back by UPI: the organisers send it and record its UTR.`);
  if (written.creditBackPaise > 0)
    sentences.push(`The ${formatRupees(written.creditBackPaise)} of credit it used is yours again.`);
  return sentences.join(" ");
}

/** The cancellation's news of what is kept and what comes back, before or without a choice. */
export function cancellationNews(keptPaise: number, toChoosePaise: number, written: RefundWritten | null): string {
  const kept = keptPaise > 0 ? `Under the cancellation policy the organisers keep ${formatRupees(keptPaise)}.` : "";
  const back = written
    ? refundNews(written)
    : toChoosePaise > 0
      ? `${formatRupees(toChoosePaise)} is yours back: choose on your booking page whether it goes back the way you paid or stays as credit for a future ride.`
      : "";
  return [kept, back].filter(Boolean).join(" ");
}

export type ChoiceView = { value: RefundChoice; label: string };

/** What the rider's booking page shows of cancelling (registrations/cancellation-view.server.ts). */
export type CancellationView = {
  /** The booking's policy, a sentence per rule. */
  policy: string[];
  /** What cancelling now keeps and gives back (a live booking), else null. */
  quote: string | null;
  /** The ways back the rider chooses from when cancelling now gives something back; empty: nothing to choose. */
  cancelChoices: ChoiceView[];
  /** Money owed back and not chosen yet (cancelled by the organisers, or the ride cancelled), with the choices. */
  toChoose: { amount: string; rideCancelled: boolean; choices: ChoiceView[] } | null;
};
