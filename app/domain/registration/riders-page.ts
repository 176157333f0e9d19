import type { RefundDue } from "../payments/refunds-due";
import type { ChoiceView } from "./refund-choice";
import { formatRupees } from "./balance";
import type { PartDues } from "./dues";
import type { PaymentState, RegistrationOption, RegistrationStatus } from "./settings";

/** A rider's balance as the Riders page shows it. */
export type RiderBalance = {
  /** '₹28,500'. */
  amount: string;
  /** 'YYYY-MM-DD'; '' when the ride has no start date. */
  dueDate: string;
  paid: boolean;
  /** A confirmed rider's balance past its due date and unpaid. */
  overdue: boolean;
  /** The UTR the rider gave for it; '' until then. */
  utr: string;
};

/**
 * What the admin's Riders and check-in pages show of one registration: enough to reach the
 * rider and settle their seat, not their emergency, health or licence details (the CSV export
 * has those). The features add their facts to it (a waiver, a pending credit: their ridersPage
 * facts, server/registries/riders-page.server.ts).
 */
export type RiderRow = {
  id: string;
  reference: string;
  name: string;
  /** E.164; '' once erased. */
  phone: string;
  option: RegistrationOption;
  seats: number;
  status: RegistrationStatus;
  /** The booking amount, paid or due; null when the booking owes none (waitlisted, cancelled, no plain price). */
  payment: PaymentState | null;
  utr: string;
  /** The balance when the booking was charged one (dues.ts). */
  balance: RiderBalance | null;
  /** What the organisers owe back ('₹10,000': a cancelled booking's payment not given back yet), or null. */
  owedBack: string | null;
  /** Its refunds the organisers still see through (a UPI one to send and record): refunds-due.ts. */
  refundsDue: RefundDue[];
  pillionName: string;
  checkedInAt: string | null;
  createdAt: string;
  erased: boolean;
  /** Cancelling now, for a live booking (docs/features/cancellation.md): the quote and what was paid ('5000.00'). */
  cancelQuote: { text: string; kept: string; paid: string } | null;
  /** Money owed back with no way chosen yet, and the ways the rider may have it. */
  refund: { amount: string; choices: ChoiceView[] } | null;
};

export const ADMIN_STATUS_LABELS: Readonly<Record<RegistrationStatus, string>> = {
  confirmed: "Confirmed",
  waitlisted: "Waitlisted",
  cancelled: "Cancelled",
};

/** An upcoming ride's seats, as the dashboard lists them. */
export type RideSeats = {
  id: string;
  title: string;
  startDate: string;
  seats: number;
  booked: number;
  left: number;
  waitlisted: number;
  /** What its confirmed riders paid, still owe and how many are overdue (from their ledgers); null without a sum to ask. */
  money: { collected: string; due: string; overdue: number } | null;
};

/** A booking's balance on the Riders page, from what it owes of it (dues.ts); null: it owes none. */
export function riderBalance(owed: PartDues | null): RiderBalance | null {
  if (!owed) return null;
  return {
    amount: formatRupees(owed.chargedPaise),
    dueDate: owed.dueDate,
    paid: owed.paid,
    overdue: owed.overdue,
    utr: owed.utr,
  };
}
