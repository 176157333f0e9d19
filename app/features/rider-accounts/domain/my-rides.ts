import type { ListedDocument } from "~/features/money-documents/domain/listed";

// My rides (docs/features/rider-accounts.md): a rider's bookings as their account page lists them.

export type MyRide = {
  reference: string;
  rideTitle: string;
  /** '10th–12th March 2099'; '' when the ride has no dates. */
  dates: string;
  statusLabel: string;
  /** The booking amount, whether it is paid, and what credit paid of it ('₹3,000'); null when the booking owes none. */
  booking: { amount: string; paid: boolean; credit: string | null; left: string } | null;
  /** The balance, for a confirmed booking on a ride that has one. */
  balance: { amount: string; dueDate: string; paid: boolean; overdue: boolean } | null;
  /** Its refunds and where each stands ('₹10,000 to your card or account: pending'); '' without any. */
  refunds: string;
  /** The booking's private page; null when its link cannot be recovered (then: Find my booking). */
  href: string | null;
  /** Its money documents (docs/features/money-documents.md), each downloaded signed in. */
  documents: ListedDocument[];
};

export type MyRides = { upcoming: MyRide[]; past: MyRide[] };

/**
 * Where a booking stands with the signed-in rider's account once they open its private link:
 * offered (a button adds it) only when the booking was made with the account's address
 * (decision 042); another address's never joins.
 */
export type Joined = "joined" | "yours" | "elsewhere" | "offered" | "other-email";

/** The booking page's form that adds a booking to the signed-in rider's account. */
export const JOIN_INTENT = "join-account";

/** Why a press of "Add it to My rides" added nothing. */
export const JOIN_REFUSALS = {
  elsewhere: "This booking belongs to another account, so it cannot join yours.",
  "other-email":
    "This booking was made with another email address than your account's, so it cannot join your account. Sign in with that address to add it.",
} as const;
