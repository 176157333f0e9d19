// The credit ledger (docs/features/credit.md): money a rider paid for a booking they
// cancelled under a policy that keeps it for a future ride. Amounts are whole paise, signed:
// credit in is positive, credit spent negative. Only confirmed entries count. Shown with formatRupees
// (../registration/balance.ts).

import type { PartDues } from "~/domain/registration/dues";

/**
 * cancellation: a paid booking was cancelled (+, pending until an admin confirms the amount);
 * used: a booking spent it on its booking amount (−); returned: a booking that spent it was
 * cancelled (+); adjustment: an admin's correction with a note (±).
 */
export const CREDIT_KINDS = ["cancellation", "used", "returned", "adjustment"] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export const CREDIT_STATES = ["pending", "confirmed", "declined"] as const;
export type CreditState = (typeof CREDIT_STATES)[number];

export type CreditEntry = {
  id: string;
  riderId: string | null;
  registrationId: string | null;
  kind: CreditKind;
  state: CreditState;
  amountPaise: number;
  note: string;
  createdAt: string;
  decidedAt: string | null;
};

export type CreditSummary = {
  /** Confirmed credit in (cancellations, returns, positive adjustments). */
  creditedPaise: number;
  /** Confirmed credit out (spent, negative adjustments), as a positive number. */
  usedPaise: number;
  /** What the rider can spend: credited less used, never below zero. */
  leftPaise: number;
  /** Cancellations waiting for an admin to confirm their amount. */
  pendingPaise: number;
};

export function creditSummary(entries: readonly Pick<CreditEntry, "state" | "amountPaise">[]): CreditSummary {
  let creditedPaise = 0;
  let usedPaise = 0;
  let pendingPaise = 0;
  for (const entry of entries) {
    if (entry.state === "pending") pendingPaise += Math.max(0, entry.amountPaise);
    if (entry.state !== "confirmed") continue;
    if (entry.amountPaise >= 0) creditedPaise += entry.amountPaise;
    else usedPaise -= entry.amountPaise;
  }
  return { creditedPaise, usedPaise, leftPaise: Math.max(0, creditedPaise - usedPaise), pendingPaise };
}

/**
 * The most one entry moves, in paise (₹1 crore): far beyond any ride's price, and within the
 * 32-bit integer columns of both engines whatever an admin types or a ride's price says.
 */
export const MAX_CREDIT_PAISE = 1_000_000_000;

/** What a booking spends of the credit left: at most its booking amount. */
export function creditToSpend(leftPaise: number, bookingAmountPaise: number): number {
  return Math.max(0, Math.min(leftPaise, bookingAmountPaise, MAX_CREDIT_PAISE));
}

/** The button on a booking page that spends credit on a booking made earlier (USE_CREDIT_INTENT). */
export const USE_CREDIT_INTENT = "use-credit";

/** What a booking made earlier says of itself when its rider asks to pay it with credit. */
export type BookingForCredit = {
  riderId: string | null;
  status: string;
  /** What it owes of the booking amount (domain/registration/dues.ts); null: none. */
  booking: Pick<PartDues, "paid" | "claimedUtr" | "creditPaise"> | null;
};

export const CREDIT_REFUSALS = {
  notYours: "This booking is not in your account: sign in and open its link to add it, then use your credit.",
  notConfirmed: "Credit pays a confirmed booking: this one is not confirmed.",
  paid: "The booking amount is paid already.",
  utrGiven:
    "You gave a UPI transaction id for this booking amount, so the organisers are checking that payment. Ask them if you would rather pay it with credit.",
  spent: "Credit paid part of this booking amount already: pay the rest by UPI.",
  noneLeft: "You have no credit to spend.",
} as const;

/**
 * Why a booking made earlier (a waitlisted one confirmed since, or one made before the credit
 * was confirmed) cannot take its rider's credit now, or null when it can: a confirmed booking of
 * theirs whose booking amount is unpaid, with no UPI payment announced and no credit spent yet.
 */
export function creditRefusal(booking: BookingForCredit, riderId: string): string | null {
  if (booking.riderId !== riderId) return CREDIT_REFUSALS.notYours;
  if (booking.status !== "confirmed") return CREDIT_REFUSALS.notConfirmed;
  if (!booking.booking || booking.booking.paid) return CREDIT_REFUSALS.paid;
  if (booking.booking.claimedUtr) return CREDIT_REFUSALS.utrGiven;
  if (booking.booking.creditPaise > 0) return CREDIT_REFUSALS.spent;
  return null;
}
