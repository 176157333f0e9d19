import { z } from "zod";
import { flag } from "../fields";

// A ride's cancellation policy as rules (docs/features/cancellation.md): tiers of days before the
// start and the share of what was paid that is kept, a flat fee, and whether the booking amount
// is given back at all. Stored with the ride's registration settings and snapshotted on every
// booking (registrations.cancellation_policy) so a later edit changes no booking made before it.
// The ride's free-text policy stays beside it, for what rules cannot say.

export const MAX_TIERS = 8;
export const MAX_TIER_DAYS = 365;
/** ₹1,00,000: a flat fee beyond it is a typo, not a policy. */
export const MAX_FEE_RUPEES = 100_000;

/** From `daysBefore` days before the start on (and until the next tier up), `keepPercent` % of what was paid is kept. */
export type PolicyTier = { daysBefore: number; keepPercent: number };

export type CancellationPolicy = {
  /** Sorted, most days first; no two with the same days. */
  tiers: PolicyTier[];
  /** Kept on every cancellation, whole paise (entered in whole rupees). */
  feePaise: number;
  /** The booking amount paid is kept whenever the rider cancels. */
  bookingAmountKept: boolean;
};

/**
 * The policy a booking is held to: the ride's own, or the one a ride saved before tiers existed
 * keeps (`legacyPolicy`), which offers credit only.
 */
export type EffectivePolicy = CancellationPolicy & {
  /** Whether money can go back the way it was paid; false: only as credit. */
  refundsToOriginal: boolean;
};

const DAYS_MESSAGE = `Days before the start must be a whole number from 0 to ${MAX_TIER_DAYS}`;
const PERCENT_MESSAGE = "The share kept must be a whole percent from 0 to 100";
const FEE_MESSAGE = `The fee must be whole rupees from 0 to ${MAX_FEE_RUPEES.toLocaleString("en-IN")}`;

/** A whole number from JSON or a form field as typed ('' is not one). */
const whole = (message: string, max: number, empty?: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,6}$/)
          .transform(Number),
        ...(empty === undefined ? [] : [z.literal("").transform(() => empty)]),
      ],
      { error: message },
    )
    .pipe(z.number({ error: message }).int(message).min(0, message).max(max, message));

const tierSchema = z.object({
  daysBefore: whole(DAYS_MESSAGE, MAX_TIER_DAYS),
  keepPercent: whole(PERCENT_MESSAGE, 100),
});

/**
 * The policy from the ride form (the fee in whole rupees, `fee`) or as stored (`feePaise`).
 * Tiers come out sorted, most days first; two with the same days are refused on the second.
 */
export const cancellationPolicySchema = z
  .object({
    tiers: z
      .array(tierSchema, { error: "The tiers must be a list" })
      .max(MAX_TIERS, `At most ${MAX_TIERS} tiers`)
      .default([]),
    fee: whole(FEE_MESSAGE, MAX_FEE_RUPEES, 0).optional(),
    feePaise: z
      .number()
      .int()
      .min(0)
      .max(MAX_FEE_RUPEES * 100)
      .optional(),
    bookingAmountKept: flag(false),
  })
  .superRefine((policy, ctx) => {
    const seen = new Set<number>();
    policy.tiers.forEach((tier, index) => {
      if (seen.has(tier.daysBefore)) {
        ctx.addIssue({
          code: "custom",
          path: ["tiers", index, "daysBefore"],
          message: `Another tier starts ${tier.daysBefore} days before already`,
        });
      }
      seen.add(tier.daysBefore);
    });
  })
  .transform(({ tiers, fee, feePaise, bookingAmountKept }): CancellationPolicy => ({
    tiers: [...tiers].sort((a, b) => b.daysBefore - a.daysBefore),
    feePaise: fee !== undefined ? fee * 100 : (feePaise ?? 0),
    bookingAmountKept,
  }));

/**
 * A ride saved before tiers existed promised what its settings said: with credit on cancel
 * (the default, and the default text's "the amount paid can be used for a future trip"),
 * everything paid comes back as credit and nothing to the bank ("No refund will be given");
 * without it, everything paid is kept. Honest to that promise, and no harsher.
 */
export function legacyPolicy(creditOnCancel: boolean): EffectivePolicy {
  return {
    tiers: creditOnCancel ? [] : [{ daysBefore: 0, keepPercent: 100 }],
    feePaise: 0,
    bookingAmountKept: false,
    refundsToOriginal: false,
  };
}

/** The rules a stored policy is (a ride's, or a booking's snapshot). */
export function effectivePolicy(policy: CancellationPolicy): EffectivePolicy {
  return { ...policy, refundsToOriginal: true };
}

/** A booking's snapshot, read back; null when absent or unreadable (the ride's policy then applies). */
export function policyFromSnapshot(json: string | null): EffectivePolicy | null {
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as unknown;
    const refundsToOriginal = (parsed as { refundsToOriginal?: unknown }).refundsToOriginal !== false;
    const policy = cancellationPolicySchema.safeParse(parsed);
    return policy.success ? { ...policy.data, refundsToOriginal } : null;
  } catch {
    return null;
  }
}

/** The snapshot a booking keeps of the policy it was made under. */
export function policySnapshot(policy: EffectivePolicy): string {
  return JSON.stringify(policy);
}

/** The tier that applies `days` before the start (0: the day of the start; less: after it), or null below every tier. */
export function tierFor(tiers: readonly PolicyTier[], days: number): PolicyTier | null {
  return tiers.find((tier) => Math.max(days, 0) >= tier.daysBefore) ?? null;
}
