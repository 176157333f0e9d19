import {
  balanceDueDate,
  balancePaise,
  formatRupees,
  isOverdue,
  type BalanceRegistration,
  type BalanceRide,
} from "./balance";
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
  payment: PaymentState;
  utr: string;
  /** The balance when the ride has one for this option (waitlisted riders' too: marked paid, it is shown). */
  balance: RiderBalance | null;
  pillionName: string;
  checkedInAt: string | null;
  createdAt: string;
  erased: boolean;
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
