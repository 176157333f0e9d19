import { parseIsoDate, toIsoDate } from "../dates";
import { rupeeAmount } from "./payment";
import {
  DEFAULT_BALANCE_DUE_DAYS,
  registrationSettingsOf,
  type PaymentState,
  type RegistrationOption,
  type RegistrationSettings,
  type RegistrationStatus,
} from "./settings";

// The balance: a booking owes its option's trip cost; the booking amount (the ride's
// bookingCost) holds the seat and the rest is paid before the ride starts, by a due date the
// ride's settings give. Amounts are counted in paise, whole numbers, so sums never drift.

/** What the balance needs of a ride. */
export type BalanceRide = {
  tripCost: string;
  bookingCost: string;
  startDate: string;
  registration?: RegistrationSettings;
};

/** What the balance needs of a registration. */
export type BalanceRegistration = {
  option: RegistrationOption;
  status: RegistrationStatus;
  balancePayment: PaymentState;
};

export type Balance = {
  /** Rupees with paise, as the UPI link carries it: '28500.00'. */
  amount: string;
  /** The last day to pay it, 'YYYY-MM-DD'. */
  dueDate: string;
  paid: boolean;
  /** Past its due date (in UTC days) and still unpaid. */
  overdue: boolean;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Paise from rupeeAmount's '2000.00', or null for no amount. */
export function paiseOf(amount: string | null): number | null {
  if (amount === null) return null;
  const [rupees, paise = "0"] = amount.split(".");
  return Number(rupees) * 100 + Number(paise);
}

/** Paise as rupeeAmount writes them: '2000.00'. */
export function amountOf(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

/** Digits grouped the Indian way: 1,00,000 (the last three, then by twos). */
function indianGroups(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}`;
}

/** Paise as a rider reads them: '₹28,500', '₹1,00,000.50'. Spelled out, not Intl, so server and browser agree. */
export function formatRupees(paise: number): string {
  const rupees = indianGroups(String(Math.floor(paise / 100)));
  const rest = paise % 100;
  return rest === 0 ? `₹${rupees}` : `₹${rupees}.${String(rest).padStart(2, "0")}`;
}

/**
 * What a booking of `option` costs in paise: the option's price when the admin set one (a
 * pillion option's is the price of the booking as a whole, as the form shows it), else the
 * ride's trip cost; null when that is not one plain amount.
 */
export function tripPrice(ride: BalanceRide, option: RegistrationOption): number | null {
  const price = registrationSettingsOf(ride).options[option].price.trim();
  return paiseOf(rupeeAmount(price === "" ? ride.tripCost : price));
}

/**
 * The balance a booking of `option` owes in paise: its trip price less the booking amount;
 * null when either is not a plain amount, or nothing is left (a ride with only a booking
 * amount, or a free ride: as before the balance, nothing more to pay).
 */
export function balancePaise(ride: BalanceRide, option: RegistrationOption): number | null {
  const trip = tripPrice(ride, option);
  const booking = paiseOf(rupeeAmount(ride.bookingCost));
  if (trip === null || booking === null || trip <= booking) return null;
  return trip - booking;
}

/** The balance's due date: the ride's balanceDueDays before its start; '' without a start date. */
export function balanceDueDate(ride: BalanceRide): string {
  const start = parseIsoDate(ride.startDate);
  if (!start) return "";
  const days = ride.registration?.balanceDueDays ?? DEFAULT_BALANCE_DUE_DAYS;
  return toIsoDate(new Date(start.getTime() - days * DAY_MS));
}

/**
 * The balance of a confirmed booking: how much, by when, whether the organisers have it, and
 * whether it is late; null when the ride has no balance for this option or the booking holds
 * no seat (waitlisted riders pay once confirmed; a cancelled booking owes nothing).
 */
export function balanceOf(ride: BalanceRide, registration: BalanceRegistration, now: Date): Balance | null {
  if (registration.status !== "confirmed") return null;
  const paise = balancePaise(ride, registration.option);
  if (paise === null) return null;
  const dueDate = balanceDueDate(ride);
  const paid = registration.balancePayment === "paid";
  return { amount: amountOf(paise), dueDate, paid, overdue: isOverdue(dueDate, paid, now) };
}

/** Whether a balance due on `dueDate` is late at `now`: the due date is the last day (UTC) to pay it. */
export function isOverdue(dueDate: string, paid: boolean, now: Date): boolean {
  return !paid && dueDate !== "" && toIsoDate(now) > dueDate;
}

/** What the paid and unpaid payments of a ride's confirmed bookings add up to, in paise. */
export type PaymentTotals = { collected: number; due: number };

/** A booking's payments as totals count them. */
export type TotalledRegistration = BalanceRegistration & { payment: PaymentState };

/**
 * Collected and still due over the ride's confirmed bookings: each booking amount, and each
 * balance, counted as paid or due. Null when the ride has no readable booking amount (the
 * organisers say how to pay, the site counts nothing).
 */
export function paymentTotals(ride: BalanceRide, registrations: readonly TotalledRegistration[]): PaymentTotals | null {
  const booking = paiseOf(rupeeAmount(ride.bookingCost));
  if (booking === null) return null;
  const totals = { collected: 0, due: 0 };
  for (const registration of registrations) {
    if (registration.status !== "confirmed") continue;
    totals[registration.payment === "paid" ? "collected" : "due"] += booking;
    const balance = balancePaise(ride, registration.option);
    if (balance !== null) totals[registration.balancePayment === "paid" ? "collected" : "due"] += balance;
  }
  return totals;
}
