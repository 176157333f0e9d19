import type { Dues } from "./dues";

// What a booking asks for online (decision 060): one payment link for everything left, of which
// the first payment is at least what is left of the booking amount, so the seat is paid for first.

/** Razorpay's least amount of a payment link and of its first part: ₹1. */
export const ONLINE_MIN_PAISE = 100;

export type OnlineDue = {
  /** Everything left to pay: the booking amount's and the balance's rest. */
  amountPaise: number;
  /** The least first payment: what is left of the booking amount, or the whole when it is paid. */
  minFirstPaise: number;
};

/** What the booking's link asks for, or null when nothing is left to pay online. */
export function onlineDue(dues: Dues): OnlineDue | null {
  const bookingLeft = Math.max(0, dues.booking?.leftPaise ?? 0);
  const balanceLeft = Math.max(0, dues.balance?.leftPaise ?? 0);
  const amountPaise = bookingLeft + balanceLeft;
  if (amountPaise < ONLINE_MIN_PAISE) return null;
  // A booking amount already paid leaves no first part to ask for: the rest is paid whole.
  const minFirstPaise = bookingLeft > 0 ? Math.min(amountPaise, Math.max(bookingLeft, ONLINE_MIN_PAISE)) : amountPaise;
  return { amountPaise, minFirstPaise };
}
