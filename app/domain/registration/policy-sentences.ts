import { formatRupees } from "./balance";
import { type CancellationPolicy, type EffectivePolicy, effectivePolicy, type PolicyTier } from "./cancellation-policy";

// A cancellation policy as the riders read it (docs/features/cancellation.md): a sentence per
// rule, on the ride page, the registration form and the booking page.

function shareText(keepPercent: number): string {
  if (keepPercent === 0) return "full refund";
  if (keepPercent === 100) return "nothing refunded";
  return `${keepPercent} % kept`;
}

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** The tiers as sentences, most days first ("More than 60 days before the start: full refund", "29–15 days: 25 % kept"). */
export function tierSentences(tiers: readonly PolicyTier[]): string[] {
  if (tiers.length === 0) return [];
  const sentences = tiers.map((tier, index) => {
    const share = shareText(tier.keepPercent);
    if (index === 0) {
      return tier.daysBefore === 0
        ? `Whenever you cancel: ${share}`
        : `More than ${days(tier.daysBefore - 1)} before the start: ${share}`;
    }
    const upTo = tiers[index - 1]!.daysBefore - 1;
    if (tier.daysBefore === 0) return `Fewer than ${days(upTo + 1)} before the start, or after it: ${share}`;
    return upTo === tier.daysBefore ? `${days(upTo)}: ${share}` : `${upTo}–${days(tier.daysBefore)}: ${share}`;
  });
  const lowest = tiers.at(-1)!.daysBefore;
  if (lowest > 0) sentences.push(`Fewer than ${days(lowest)} before the start: nothing refunded`);
  return sentences;
}

/** Every rule of the policy as a sentence, for the ride page, the form and the booking page. */
export function policySentences(policy: EffectivePolicy): string[] {
  const sentences = tierSentences(policy.tiers);
  const creditOnly = !policy.refundsToOriginal;
  if (policy.tiers.length === 0) {
    sentences.push(
      creditOnly
        ? "Whenever you cancel, what you paid comes back as credit for a future ride"
        : "Whenever you cancel: full refund",
    );
  } else if (creditOnly && policy.tiers.some((tier) => tier.keepPercent < 100)) {
    sentences.push("What comes back is kept as credit for a future ride");
  }
  if (policy.feePaise > 0) sentences.push(`${formatRupees(policy.feePaise)} fee on every cancellation`);
  if (policy.bookingAmountKept) sentences.push("The booking amount is not refundable");
  return sentences;
}

/**
 * The ride's cancellation rules as sentences, shown before its policy in words: none for a ride
 * without rules (its words, the default policy's included, say what it promises).
 */
export function rideRuleSentences(ride: { registration?: { cancellation?: CancellationPolicy } }): string[] {
  const policy = ride.registration?.cancellation;
  return policy ? policySentences(effectivePolicy(policy)) : [];
}
