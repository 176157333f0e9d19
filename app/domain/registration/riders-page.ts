import { rupeesField } from "~/features/credit/domain/credit-input";
import {
  balanceDueDate,
  balancePaise,
  formatRupees,
  isOverdue,
  type BalanceRegistration,
  type BalanceRide,
} from "./balance";
import type { PaymentState, RegistrationOption, RegistrationStatus } from "./settings";
import type { WaiverState } from "~/features/waivers/domain/waiver";

/** A rider's waiver as the Riders and check-in pages show it. */
export type RiderWaiver = {
  state: WaiverState;
  /** The version they accepted (its number); null: none. */
  version: number | null;
  /** The full name they typed; '' once erased. */
  name: string;
  acceptedAt: string | null;
};

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
 * has those).
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
  payment: PaymentState;
  utr: string;
  /** The balance when the ride has one for this option (waitlisted riders' too: marked paid, it is shown). */
  balance: RiderBalance | null;
  pillionName: string;
  checkedInAt: string | null;
  createdAt: string;
  erased: boolean;
  waiver: RiderWaiver;
  /** A cancelled booking's credit waiting for an owner's or editor's decision (docs/features/credit.md); absent: none, or not theirs to decide. */
  pendingCredit?: PendingCredit | null;
};

/** A cancelled booking's pending credit on the Riders page. */
export type PendingCredit = {
  entryId: string;
  registrationId: string;
  /** '₹10,000'. */
  amount: string;
  /** The amount as the confirm form's field starts: '10000', '8000.50'. */
  rupees: string;
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
};

/**
 * A registration's balance on the Riders page: the ride's balance for its option, whatever the
 * status (an admin may have taken it from a waitlisted rider); overdue only for a confirmed seat.
 */
export function riderBalance(
  ride: BalanceRide,
  registration: BalanceRegistration & { balanceUtr: string },
  now: Date,
): RiderBalance | null {
  const paise = balancePaise(ride, registration.option);
  if (paise === null) return null;
  const dueDate = balanceDueDate(ride);
  const paid = registration.balancePayment === "paid";
  return {
    amount: formatRupees(paise),
    dueDate,
    paid,
    overdue: registration.status === "confirmed" && isOverdue(dueDate, paid, now),
    utr: registration.balanceUtr,
  };
}

export function pendingCreditOf(registrationId: string, entryId: string, amountPaise: number): PendingCredit {
  return { entryId, registrationId, amount: formatRupees(amountPaise), rupees: rupeesField(amountPaise) };
}
