import {
  balancePayment,
  type BalancePayment,
  bookingPayment,
  type BookingPayment,
  type Payee,
} from "~/domain/registration/booking-page";
import type { Dues } from "~/domain/registration/dues";
import type { RegistrationStatus } from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import type { Executor } from "../db/schema.server";
import { duesOfBooking } from "./ledger.server";

/** What a booking owes and how the rider pays it: every page and mail that asks for money reads this. */
export type BookingPayments = { dues: Dues; payment: BookingPayment; balance: BalancePayment | null };

export async function bookingPayments(
  executor: Executor,
  payee: Payee,
  booking: { id: string; status: RegistrationStatus; reference: string },
  ride: Ride | null,
  now: Date,
): Promise<BookingPayments> {
  const dues = await duesOfBooking(executor, booking, ride, now);
  return {
    dues,
    payment: bookingPayment(payee, dues.booking, booking.reference, ride?.bookingCost),
    balance: balancePayment(payee, dues.balance, booking.reference),
  };
}
